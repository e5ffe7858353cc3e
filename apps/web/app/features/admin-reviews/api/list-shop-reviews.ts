import { api } from '../../../lib/api'
import { type ReviewFilter, reviewListQuery } from '../review-query'
import type { AdminReviewPage } from '../types'

/** The shop's reviews for its moderators, hidden ones included (`GET /api/reviews/?shop=&rating=`). */
export function listShopReviews(shopId: string, filter: ReviewFilter): Promise<AdminReviewPage> {
  return api.get<AdminReviewPage>('/api/reviews/', { query: reviewListQuery(shopId, filter) })
}
