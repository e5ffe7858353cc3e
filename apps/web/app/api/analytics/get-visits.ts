import type { VisitsByDay } from '@shop/domain/schemas/analytics'
import type { ApiClient } from '../../lib/api'

/** Daily visits and visitors from `from` to `to` (days, both whole) (`GET /api/analytics-aggregator/`). */
export function getVisits(client: ApiClient, shopId: string, range: { from: string; to: string }): Promise<VisitsByDay> {
  return client.get<VisitsByDay>('/api/analytics-aggregator/', {
    query: { shop: shopId, createdAt: { $gte: range.from, $lte: range.to } },
  })
}
