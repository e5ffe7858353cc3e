import type { Checkout } from '@shop/domain/schemas/orders'
import type { ApiClient } from '../../lib/api'
import type { PlaceQuery as BuyerQuery, CheckoutCreateInput as CheckoutInput } from '@shop/domain/schemas/order-input'

/** A server-priced, shareable checkout (`POST /api/checkouts/?email=&shop=`). */
export function createCheckout(client: ApiClient, buyer: BuyerQuery, input: CheckoutInput): Promise<Checkout> {
  return client.post<Checkout>('/api/checkouts/', input, { query: buyer })
}
