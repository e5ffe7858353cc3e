import { api } from '../../../lib/api'
import type { Order } from '../../../types/api'

/** One order with its timeline (`GET /api/orders/{id}`): the buyer by login, or anyone with the private key. */
export function getOrder(id: string, key?: string | null): Promise<Order> {
  return api.get<Order>(`/api/orders/${encodeURIComponent(id)}`, { query: { key: key || undefined } })
}
