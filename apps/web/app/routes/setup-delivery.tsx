import { RateCreateBody } from '@shop/domain/schemas/delivery'
import { shopConfigPatchBody } from '@shop/domain/schemas/shop'
import { Type } from 'typebox'
import { createDeliveryRate } from '../api/delivery/create-delivery-rate'
import { updateShopConfig } from '../api/shop-configs/update-shop-config'
import { DeliveryStep } from '../features/setup/components/delivery-step'
import { SetupShopGate } from '../features/setup/components/setup-shop-gate'
import { requireSetupRole } from '../features/setup/setup-access'
import { api } from '../lib/api'
import { perform } from '../lib/route-data'
import { parseSubmission } from '../lib/submission'
import type { Route } from './+types/setup-delivery'
import type { SetupHandle } from './setup'

export const handle: SetupHandle = { setupStep: 'delivery' }

const { offersPickup, offersDelivery, pickupAddress, pickupDirections, pickupHours } = shopConfigPatchBody.properties
const { shop: _shop, ...rateFields } = RateCreateBody.properties
const PICKUP_FIELDS = ['pickupAddress', 'pickupDirections', 'pickupHours']

/**
 * `save-delivery`: how the shop hands orders over (the pick-up part of its settings) and the delivery rates
 * to create, each with the API's own rules; the shop is the page's.
 */
const intents = {
  'save-delivery': Type.Object(
    {
      offersPickup,
      offersDelivery,
      pickupAddress,
      pickupDirections,
      pickupHours,
      rates: Type.Array(Type.Object(rateFields, { additionalProperties: false }), { maxItems: 100 }),
    },
    { additionalProperties: false },
  ),
}

export async function clientAction({ request, params }: Route.ClientActionArgs) {
  await requireSetupRole(request, params.shopId)
  const submission = await parseSubmission(request, intents)
  if (!submission.ok) return submission
  const { rates, ...pickup } = submission.value
  return perform(
    'save-delivery',
    async () => {
      await updateShopConfig(api, params.shopId, pickup)
      for (const rate of rates) await createDeliveryRate(api, { shop: params.shopId, ...rate })
      return null
    },
    PICKUP_FIELDS,
  )
}

export default function SetupDelivery({ params }: Route.ComponentProps) {
  return <SetupShopGate shopId={params.shopId}>{(shop) => <DeliveryStep shop={shop} />}</SetupShopGate>
}
