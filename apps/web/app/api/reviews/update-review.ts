import type { ApiClient } from '../../lib/api'
import type { ReviewPatchInput } from '@shop/domain/schemas/review'
import type { AdminReview } from './admin-review'

/** Moderators hide, show or reply (`PATCH /api/reviews/{id}`); a blank reply removes it. */
export function updateReview(client: ApiClient, id: string, body: ReviewPatchInput): Promise<AdminReview> {
  return client.patch<AdminReview>(`/api/reviews/${encodeURIComponent(id)}`, body)
}
