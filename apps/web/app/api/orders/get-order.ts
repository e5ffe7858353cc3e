import type { ApiClient } from '../../lib/api'
import type { Order } from '../../types/api'

/**
 * One order with its timeline (`GET /api/orders/{id}`): the buyer by login or with the private `key`, or
 * the shop's staff (who also get the buyer's name: `StaffOrder`).
 */
export function getOrder<T extends Order = Order>(client: ApiClient, id: string, key?: string | null): Promise<T> {
  return client.get<T>(`/api/orders/${encodeURIComponent(id)}`, { query: { key: key || undefined } })
}
