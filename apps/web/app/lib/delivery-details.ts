/**
 * The delivery part of a checkout form (pick-up or dispatch with region, rate and address), as the buyer
 * types it: checked in the browser before sending and turned into the API's delivery input. The phone is
 * the buyer's (contact-details.ts checks it); a delivery gives it to the rider too. Both the cart's
 * checkout and a shared checkout placed by someone else use it.
 */
import type { DeliveryRateOption } from '@shop/domain/schemas/delivery'
import type { DeliveryInput } from '@shop/domain/schemas/order-input'

export type DeliveryDraft = {
  type: 'pick-up' | 'dispatch'
  region: string
  /** The chosen rate's id. */
  rate: string
  address: string
}

export type DeliveryField = 'region' | 'rate' | 'address'

/** In the order the fields appear: the first with a problem gets the focus. */
export const deliveryFields: readonly DeliveryField[] = ['region', 'rate', 'address']

export function emptyDelivery(): DeliveryDraft {
  return { type: 'pick-up', region: '', rate: '', address: '' }
}

/** What keeps the draft from being sent, by field. `rates`: the chosen region's rates, null while unknown. */
export function deliveryProblems(draft: DeliveryDraft, rates: readonly DeliveryRateOption[] | null): Partial<Record<DeliveryField, string>> {
  const found: Partial<Record<DeliveryField, string>> = {}
  if (draft.type === 'dispatch') {
    if (!draft.region) found.region = 'Choose your region.'
    else if (!rates?.some((rate) => rate._id === draft.rate)) {
      found.rate = rates?.length === 0 ? 'Nobody delivers to this region: choose pick-up or another region.' : 'Choose a delivery rate.'
    }
    if (!draft.address.trim()) found.address = 'Enter the delivery address.'
  }
  return found
}

/** The API's delivery input: pick-up needs no address; a delivery gives the rider the buyer's `phone`. */
export function deliveryInput(draft: DeliveryDraft, phone: string): DeliveryInput {
  return draft.type === 'pick-up'
    ? { type: 'pick-up' }
    : { type: 'dispatch', region: draft.region, rate: draft.rate, address: draft.address.trim(), phone }
}
