import type { ApiClient } from '../../lib/api'
import type { Review } from '../../types/api'

/** Reviews one of the user's delivered orders (`POST /api/reviews/`). */
export function createReview(client: ApiClient, input: { relatedOrder: string; rating: number; text: string }): Promise<Review> {
  return client.post<Review>('/api/reviews/', input)
}
