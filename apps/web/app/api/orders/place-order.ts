import type { Order } from '@shop/domain/schemas/orders'
import type { ApiClient } from '../../lib/api'
import type { BuyerQuery, CheckoutInput } from './order-input'

export type OrderInput = (CheckoutInput | { checkout: string }) & { payment?: { provider: string } }

/**
 * Places an order (`POST /api/orders/?email=&shop=`). The same `idempotencyKey` for a retry of the same
 * attempt answers the first order instead of placing another.
 */
export function placeOrder(client: ApiClient, buyer: BuyerQuery, input: OrderInput, idempotencyKey: string): Promise<Order> {
  return client.post<Order>('/api/orders/', input, { query: buyer, headers: { 'idempotency-key': idempotencyKey } })
}
