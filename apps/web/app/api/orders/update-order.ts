import type { Order } from '@shop/domain/schemas/orders'
import type { ApiClient } from '../../lib/api'
import type { OrderStatus } from '@shop/domain'

/**
 * Moves an order (`PATCH /api/orders/{id} {status}`): staff one step forward or to canceled, the buyer to
 * canceled while it is placed (by login, or with the private `key`); 409 when the move is not allowed.
 */
export function updateOrder(client: ApiClient, id: string, status: OrderStatus, key?: string | null): Promise<Order> {
  return client.patch<Order>(`/api/orders/${encodeURIComponent(id)}`, { status }, { query: { key: key || undefined } })
}
