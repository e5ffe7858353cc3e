import { shopIdBody } from '@shop/domain/schemas/shop'
import { Type } from 'typebox'
import { updateShop } from '../api/shops/update-shop'
import { ShopStep } from '../features/setup/components/shop-step'
import { SetupShopGate } from '../features/setup/components/setup-shop-gate'
import { requireSetupRole } from '../features/setup/setup-access'
import { api } from '../lib/api'
import { perform } from '../lib/route-data'
import { parseSubmission } from '../lib/submission'
import type { Route } from './+types/setup-shop'
import type { SetupHandle } from './setup'

export const handle: SetupHandle = { setupStep: 'shop' }

/**
 * `rename-shop`: coming back to the first step, only the name can change (the address is the shop's for
 * good); a name as the shop was created with.
 */
const intents = {
  'rename-shop': Type.Object({ title: shopIdBody.properties.title }, { additionalProperties: false }),
}

export async function clientAction({ request, params }: Route.ClientActionArgs) {
  await requireSetupRole(request, params.shopId)
  const submission = await parseSubmission(request, intents)
  if (!submission.ok) return submission
  const body = { title: submission.value.title.trim() }
  return perform('rename-shop', () => updateShop(api, params.shopId, body), ['title'])
}

export default function SetupShop({ params }: Route.ComponentProps) {
  return <SetupShopGate shopId={params.shopId}>{(shop) => <ShopStep shop={shop} />}</SetupShopGate>
}
