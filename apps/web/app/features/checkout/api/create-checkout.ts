import { api } from '../../../lib/api'
import type { Checkout } from '../../../types/api'
import type { BuyerQuery, CheckoutInput } from './order-input'

/** A server-priced, shareable checkout (`POST /api/checkouts/?email=&shop=`). */
export function createCheckout(buyer: BuyerQuery, input: CheckoutInput): Promise<Checkout> {
  return api.post<Checkout>('/api/checkouts/', input, { query: buyer })
}
