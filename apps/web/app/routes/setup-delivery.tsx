import { DeliveryStep } from '../features/setup/components/delivery-step'
import { SetupShopGate } from '../features/setup/components/setup-shop-gate'
import type { Route } from './+types/setup-delivery'
import type { SetupHandle } from './setup'

export const handle: SetupHandle = { setupStep: 'delivery' }

export default function SetupDelivery({ params }: Route.ComponentProps) {
  return <SetupShopGate shopId={params.shopId}>{(shop) => <DeliveryStep shop={shop} />}</SetupShopGate>
}
