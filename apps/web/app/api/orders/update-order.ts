import type { Order } from '@shop/domain/schemas/orders'
import type { ApiClient } from '../../lib/api'
import type { OrderStatus } from '@shop/domain'

/**
 * Moves an order (`PATCH /api/orders/{id} {status}`): staff one step forward or to canceled, the buyer to
 * canceled while it is placed (by login, or with the private `key`); 409 when the move is not allowed, and
 * when it goes to delivered with a balance due unless `deliveredUnpaid` says staff confirm it.
 */
export function updateOrder(
  client: ApiClient,
  id: string,
  status: OrderStatus,
  key?: string | null,
  options: { deliveredUnpaid?: boolean } = {},
): Promise<Order> {
  const body = { status, ...(options.deliveredUnpaid ? { deliveredUnpaid: true } : {}) }
  return client.patch<Order>(`/api/orders/${encodeURIComponent(id)}`, body, { query: { key: key || undefined } })
}
