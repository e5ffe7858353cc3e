import { type Query, api } from '../../../lib/api'
import type { Order, Page } from '../../../types/api'

/** A page of the shop's orders for staff (`GET /api/orders/?shop=…`); the query comes from `toOrderQuery`. */
export function listShopOrders(query: Query): Promise<Page<Order>> {
  return api.get<Page<Order>>('/api/orders/', { query })
}
