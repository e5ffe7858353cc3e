import { useState } from 'react'
import type { DeliveryRateOption } from '@shop/domain/schemas/delivery'
import type { DeliveryItem } from '../api/delivery/calculate-delivery'
import { type DeliveryDraft, emptyDelivery } from './delivery-details'
import { useDeliveryRates } from './use-delivery-rates'

/**
 * The delivery being chosen for `items`: the draft, the chosen region's rates (the cheapest is chosen when
 * they arrive, unless the chosen one is still offered) and the chosen rate.
 */
export type DeliveryDraftState = ReturnType<typeof useDeliveryDraft>

/**
 * `offersPickup`: the shop offers pick-up, so it is the first choice; else delivery is. `initial`: what the
 * buyer posted before the page's scripts ran, with the posted region's rates (decision 90).
 */
export function useDeliveryDraft(
  shopId: string,
  items: DeliveryItem[],
  offersPickup = true,
  initial?: { draft: DeliveryDraft; rates: DeliveryRateOption[] | null },
) {
  const [draft, setDraft] = useState<DeliveryDraft>(() => initial?.draft ?? { ...emptyDelivery(), type: offersPickup ? 'pick-up' : 'dispatch' })
  const known = initial?.rates ? { region: initial.draft.region, rates: initial.rates } : undefined
  const { rates, error, retry } = useDeliveryRates(shopId, draft.type === 'dispatch' ? draft.region : '', items, known)
  if (rates && rates.length > 0 && !rates.some((candidate) => candidate._id === draft.rate)) {
    setDraft((current) => ({ ...current, rate: rates[0]!._id }))
  }
  const rate = rates?.find((candidate) => candidate._id === draft.rate) ?? null
  const update = (change: Partial<DeliveryDraft>) => setDraft((current) => ({ ...current, ...change }))
  return { draft, update, rates, rate, ratesError: error, retryRates: retry }
}
