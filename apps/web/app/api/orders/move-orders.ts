import type { OrderMoves } from '@shop/domain/schemas/orders'
import type { ApiClient } from '../../lib/api'

/** Moves several orders of the shop each one step forward (`POST /api/order-moves/`); answers what moved, per order. */
export function moveOrders(client: ApiClient, shop: string, orders: string[]): Promise<OrderMoves> {
  return client.post<OrderMoves>('/api/order-moves/', { shop, orders })
}
