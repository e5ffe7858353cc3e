import type { Checkout } from '@shop/domain/schemas/orders'
import type { ApiClient } from '../../lib/api'
import type { BuyerQuery, CheckoutInput } from '../orders/order-input'

/** A server-priced, shareable checkout (`POST /api/checkouts/?email=&shop=`). */
export function createCheckout(client: ApiClient, buyer: BuyerQuery, input: CheckoutInput): Promise<Checkout> {
  return client.post<Checkout>('/api/checkouts/', input, { query: buyer })
}
