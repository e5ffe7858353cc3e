import type { OrderSource } from '@shop/domain'
import type { Order } from '@shop/domain/schemas/orders'
import type { ApiClient } from '../../lib/api'
import type { PlaceQuery as BuyerQuery, CheckoutCreateInput as CheckoutInput, OrderCreateInput } from '@shop/domain/schemas/order-input'

/**
 * A shopper's order as the domain's schema has it: a cart's items and delivery, or a shared checkout's id
 * (with the payer's own contact and, maybe, delivery). What only staff send is StaffOrderInput's.
 */
export type OrderInput = Omit<OrderCreateInput, 'source' | 'adjustment' | 'note'>

/**
 * An order staff enter for a buyer (decision 61): where it came from, and optionally a manual discount with
 * its reason (managers and up) and a note for its timeline. It is paid `manual`.
 */
export type StaffOrderInput = CheckoutInput & {
  source: Exclude<OrderSource, 'storefront'>
  adjustment?: { amount: number; reason: string }
  note?: string
}

/**
 * Places an order (`POST /api/orders/?email=&shop=`). The same `idempotencyKey` for a retry of the same
 * attempt answers the first order instead of placing another.
 */
export function placeOrder(client: ApiClient, buyer: BuyerQuery, input: OrderInput | StaffOrderInput, idempotencyKey: string): Promise<Order> {
  return client.post<Order>('/api/orders/', input, { query: buyer, headers: { 'idempotency-key': idempotencyKey } })
}
