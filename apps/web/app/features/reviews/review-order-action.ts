/**
 * The reviews page's write: `review-order`, a logged-in buyer's review of a whole delivered order (the
 * domain's review without a product or a guest's key). The page loads this module when the form submits,
 * so its schema and the validator stay out of the public page's scripts (decision 92).
 */
import { ReviewCreateBody } from '@shop/domain/schemas/review'
import { Type } from 'typebox'
import { createReview } from '../../api/reviews/create-review'
import { api } from '../../lib/api'
import { perform } from '../../lib/route-data'
import { parseSubmission } from '../../lib/submission'
import type { ReviewOrderAnswer } from './components/review-form'

const { relatedOrder, rating, text } = ReviewCreateBody.properties

export const reviewOrderIntents = {
  'review-order': Type.Object({ relatedOrder, rating, text }, { additionalProperties: false }),
}

/** Posts the review; the API's refusals come back beside the stars and the text. */
export async function reviewOrderAction(request: Request): Promise<ReviewOrderAnswer> {
  const submission = await parseSubmission(request, reviewOrderIntents)
  if (!submission.ok) return submission
  const { text: written, ...review } = submission.value
  return perform('review-order', () => createReview(api, { ...review, text: written?.trim() ?? '' }), ['rating', 'text'])
}
