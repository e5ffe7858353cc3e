import { api } from '../../../lib/api'
import type { SalesByDay } from '../types'

/** Daily sales and order counts from `from` to `to` (days, both whole) (`GET /api/sales/{shopId}`). */
export function getSales(shopId: string, range: { from: string; to: string }): Promise<SalesByDay> {
  return api.get<SalesByDay>(`/api/sales/${encodeURIComponent(shopId)}`, { query: { from: range.from, to: range.to } })
}
