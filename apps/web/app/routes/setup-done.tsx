import { DoneStep } from '../features/setup/components/done-step'
import { SetupShopGate } from '../features/setup/components/setup-shop-gate'
import type { Route } from './+types/setup-done'
import type { SetupHandle } from './setup'

export const handle: SetupHandle = { setupStep: 'done' }

export default function SetupDone({ params }: Route.ComponentProps) {
  return <SetupShopGate shopId={params.shopId}>{(shop) => <DoneStep shop={shop} />}</SetupShopGate>
}
