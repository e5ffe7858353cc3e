import type { ReviewPatchInput } from '@shop/domain/schemas/review'
import { api } from '../../../lib/api'
import type { AdminReview } from '../types'

/** Hide, show or reply (`PATCH /api/reviews/{id}`); a blank reply removes it. */
export function moderateReview(id: string, body: ReviewPatchInput): Promise<AdminReview> {
  return api.patch<AdminReview>(`/api/reviews/${encodeURIComponent(id)}`, body)
}
