import { api } from '../../../lib/api'
import type { Order, Page } from '../../../types/api'

/** The user's delivered orders in a shop, the ones a review may be about (`GET /api/orders/`). */
export function listDeliveredOrders(profile: string, shop: string): Promise<Page<Order>> {
  return api.get<Page<Order>>('/api/orders/', {
    query: { profile, shop, status: 'delivered', $sort: { createdAt: -1 }, $limit: 50 },
  })
}
