import type { Order } from '@shop/domain/schemas/orders'
import type { ApiClient } from '../../lib/api'

/**
 * One order with its timeline (`GET /api/orders/{id}`): the buyer by login or with the private `key`, or
 * the shop's staff (who also get the buyer's name, `customerName`).
 */
export function getOrder(client: ApiClient, id: string, key?: string | null): Promise<Order> {
  return client.get<Order>(`/api/orders/${encodeURIComponent(id)}`, { query: { key: key || undefined } })
}
