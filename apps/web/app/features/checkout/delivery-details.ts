/**
 * The delivery part of a checkout form (pick-up or dispatch with region, rate, address, and a phone), as
 * the buyer types it: checked in the browser before sending and turned into the API's delivery input.
 * Both the cart's checkout and a shared checkout placed by someone else use it.
 */
import type { DeliveryRateOption } from '@shop/domain/schemas/delivery'
import type { DeliveryInput } from '../../api/orders/order-input'

export type DeliveryDraft = {
  type: 'pick-up' | 'dispatch'
  region: string
  /** The chosen rate's id. */
  rate: string
  address: string
  phone: string
}

export type DeliveryField = 'phone' | 'region' | 'rate' | 'address'

/** In the order the fields appear: the first with a problem gets the focus. */
export const deliveryFields: readonly DeliveryField[] = ['region', 'rate', 'address', 'phone']

const PHONE = /^\+?[0-9][0-9 ()-]{2,30}$/

export function emptyDelivery(phone = ''): DeliveryDraft {
  return { type: 'pick-up', region: '', rate: '', address: '', phone }
}

/** What keeps the draft from being sent, by field. `rates`: the chosen region's rates, null while unknown. */
export function deliveryProblems(draft: DeliveryDraft, rates: readonly DeliveryRateOption[] | null): Partial<Record<DeliveryField, string>> {
  const found: Partial<Record<DeliveryField, string>> = {}
  const phone = draft.phone.trim()
  if (draft.type === 'dispatch' && !phone) found.phone = 'Enter a phone number for the rider.'
  else if (phone && !PHONE.test(phone)) found.phone = 'Enter a phone number with digits only, like +233 24 123 4567.'
  if (draft.type === 'dispatch') {
    if (!draft.region) found.region = 'Choose your region.'
    else if (!rates?.some((rate) => rate._id === draft.rate)) {
      found.rate = rates?.length === 0 ? 'Nobody delivers to this region: choose pick-up or another region.' : 'Choose a delivery rate.'
    }
    if (!draft.address.trim()) found.address = 'Enter the delivery address.'
  }
  return found
}

/** The API's delivery input: pick-up needs no address, and an empty phone is left out. */
export function deliveryInput(draft: DeliveryDraft): DeliveryInput {
  const phone = draft.phone.trim()
  const contact = phone ? { phone } : {}
  return draft.type === 'pick-up'
    ? { type: 'pick-up', ...contact }
    : { type: 'dispatch', region: draft.region, rate: draft.rate, address: draft.address.trim(), ...contact }
}
