import type { Order } from '@shop/domain/schemas/orders'
import type { Page } from '@shop/domain/schemas/wire'
import type { ApiClient, Query } from '../../lib/api'

/**
 * A page of orders (`GET /api/orders/`): a buyer's own (`profile=&shop=`) or, for staff, the shop's
 * (`shop=&acked=true`). The queries come from the features (`order-filters.ts`, `order-queries.ts`).
 */
export function listOrders(client: ApiClient, query: Query): Promise<Page<Order>> {
  return client.get<Page<Order>>('/api/orders/', { query })
}
