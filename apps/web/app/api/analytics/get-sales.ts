import type { SalesByDay } from '@shop/domain/schemas/analytics'
import type { ApiClient } from '../../lib/api'

/** Daily sales and order counts from `from` to `to` (days, both whole) (`GET /api/sales/{shopId}`). */
export function getSales(client: ApiClient, shopId: string, range: { from: string; to: string }): Promise<SalesByDay> {
  return client.get<SalesByDay>(`/api/sales/${encodeURIComponent(shopId)}`, { query: { from: range.from, to: range.to } })
}
