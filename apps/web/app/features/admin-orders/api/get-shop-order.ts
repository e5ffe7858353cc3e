import { api } from '../../../lib/api'
import type { StaffOrder } from '../types'

/** One order with its timeline and the buyer's name, as the shop's staff see it (`GET /api/orders/{id}`). */
export function getShopOrder(id: string): Promise<StaffOrder> {
  return api.get<StaffOrder>(`/api/orders/${encodeURIComponent(id)}`)
}
