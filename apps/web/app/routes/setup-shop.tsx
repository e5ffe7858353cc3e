import { ShopStep } from '../features/setup/components/shop-step'
import { SetupShopGate } from '../features/setup/components/setup-shop-gate'
import type { Route } from './+types/setup-shop'
import type { SetupHandle } from './setup'

export const handle: SetupHandle = { setupStep: 'shop' }

export default function SetupShop({ params }: Route.ComponentProps) {
  return <SetupShopGate shopId={params.shopId}>{(shop) => <ShopStep shop={shop} />}</SetupShopGate>
}
