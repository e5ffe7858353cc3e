import { api } from '../../../lib/api'
import type { Order, Page } from '../../../types/api'

/** The user's own orders in a shop, newest first (`GET /api/orders/?profile=&shop=&$sort[createdAt]=-1`). */
export function listOrders(
  profile: string,
  shop: string,
  options: { skip?: number; limit?: number } = {},
): Promise<Page<Order>> {
  return api.get<Page<Order>>('/api/orders/', {
    query: { profile, shop, $sort: { createdAt: -1 }, $skip: options.skip, $limit: options.limit },
  })
}
