import { type OrderStatus, orderStatuses } from '@shop/domain'
import { listOrders } from '../../api/orders/list-orders'
import type { ApiClient } from '../../lib/api'

/**
 * How many of the shop's acked orders (those the Orders tab lists) are in each status: one
 * `GET /api/orders/?shop=&acked=true&$or[0][status]=…&$limit=0` per status, reading only `total`.
 */
export async function countOrdersByStatus(client: ApiClient, shopId: string): Promise<Record<OrderStatus, number>> {
  const totals = await Promise.all(
    orderStatuses.map(async (status) => {
      const page = await listOrders(client, { shop: shopId, acked: true, $or: [{ status }], $limit: 0 })
      return [status, page.total] as const
    }),
  )
  return Object.fromEntries(totals) as Record<OrderStatus, number>
}
