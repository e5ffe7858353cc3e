import type { Review } from '@shop/domain/schemas/review'
import type { ApiClient } from '../../lib/api'

/** Reviews one of the user's delivered orders (`POST /api/reviews/`). */
export function createReview(client: ApiClient, input: { relatedOrder: string; rating: number; text: string }): Promise<Review> {
  return client.post<Review>('/api/reviews/', input)
}
