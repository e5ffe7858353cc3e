import { api } from '../../../lib/api'
import type { VisitsByDay } from '../types'

/** Daily visits and visitors from `from` to `to` (days, both whole) (`GET /api/analytics-aggregator/`). */
export function getVisits(shopId: string, range: { from: string; to: string }): Promise<VisitsByDay> {
  return api.get<VisitsByDay>('/api/analytics-aggregator/', {
    query: { shop: shopId, createdAt: { $gte: range.from, $lte: range.to } },
  })
}
