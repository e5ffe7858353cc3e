import type { OrderStatus } from '@shop/domain'
import { api } from '../../../lib/api'
import type { Order } from '../../../types/api'

/** Staff move an order one step forward or cancel it (`PATCH /api/orders/{id} {status}`); 409 when not allowed. */
export function moveOrder(id: string, status: OrderStatus): Promise<Order> {
  return api.patch<Order>(`/api/orders/${encodeURIComponent(id)}`, { status })
}
