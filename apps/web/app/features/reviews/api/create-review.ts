import { api } from '../../../lib/api'
import type { Review } from '../../../types/api'

/** Reviews one of the user's delivered orders (`POST /api/reviews/`). */
export function createReview(input: { relatedOrder: string; rating: number; text: string }): Promise<Review> {
  return api.post<Review>('/api/reviews/', input)
}
