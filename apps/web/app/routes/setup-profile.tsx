import { ProfileStep } from '../features/setup/components/profile-step'
import { SetupShopGate } from '../features/setup/components/setup-shop-gate'
import type { Route } from './+types/setup-profile'
import type { SetupHandle } from './setup'

export const handle: SetupHandle = { setupStep: 'profile' }

export default function SetupProfile({ params }: Route.ComponentProps) {
  return <SetupShopGate shopId={params.shopId}>{(shop) => <ProfileStep shop={shop} />}</SetupShopGate>
}
