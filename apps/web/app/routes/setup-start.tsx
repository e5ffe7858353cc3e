import { ShopStep } from '../features/setup/components/shop-step'
import type { SetupHandle } from './setup'

export const handle: SetupHandle = { setupStep: 'shop' }

export default function SetupStart() {
  return <ShopStep />
}
