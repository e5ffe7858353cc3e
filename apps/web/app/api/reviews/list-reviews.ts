import type { ReviewPage } from '@shop/domain/schemas/review'
import type { ApiClient, Query } from '../../lib/api'

/**
 * A page of a shop's reviews with the average of the visible ones (`GET /api/reviews/?shop=`). Shoppers
 * and `hidden=false` get visible ones; moderators also get hidden ones, with the order's code
 * (`AdminReviewPage`).
 */
export function listReviews<T extends ReviewPage = ReviewPage>(client: ApiClient, query: Query): Promise<T> {
  return client.get<T>('/api/reviews/', { query })
}
