import type { Review } from '@shop/domain/schemas/review'
import type { ApiClient } from '../../lib/api'

/**
 * Reviews a delivered order of the user, or one of its items with `product` (posting again edits that
 * review); a guest names the order's private `key` (`POST /api/reviews/`).
 */
export function createReview(
  client: ApiClient,
  input: { relatedOrder: string; rating: number; text: string; product?: string; key?: string },
): Promise<Review> {
  return client.post<Review>('/api/reviews/', input)
}
