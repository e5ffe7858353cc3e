import { api } from '../../../lib/api'
import type { Order } from '../../../types/api'

/** The buyer cancels while the order is placed (`PATCH /api/orders/{id} {status: 'canceled'}`). */
export function cancelOrder(id: string, key?: string | null): Promise<Order> {
  return api.patch<Order>(`/api/orders/${encodeURIComponent(id)}`, { status: 'canceled' }, { query: { key: key || undefined } })
}
