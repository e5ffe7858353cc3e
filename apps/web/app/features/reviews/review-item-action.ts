/**
 * The order pages' one write (decision 81): `review-item` reviews an item of a delivered order, or edits
 * the buyer's review of it. A guest's form sends the order's private key, which the API takes in place of
 * a login. Both order pages (`/orders/:id`, `/account/orders/:id`) export it as their clientAction.
 */
import { ReviewCreateBody } from '@shop/domain/schemas/review'
import type { Review } from '@shop/domain/schemas/review'
import { createReview } from '../../api/reviews/create-review'
import { api } from '../../lib/api'
import { hasErrors, validate } from '../../lib/form-errors'
import { type ActionAnswer, perform, readSubmission, refuse } from '../../lib/route-data'

export type ReviewItemAnswer = ActionAnswer<'review-item', Review>

export async function reviewItemAction({ request }: { request: Request }): Promise<ReviewItemAnswer> {
  const submission = await readSubmission(request)
  if (submission.intent !== 'review-item') throw new Response(`Unknown intent ${submission.intent}`, { status: 400 })
  const key = typeof submission.key === 'string' && submission.key ? submission.key : undefined
  const body = {
    relatedOrder: String(submission.relatedOrder),
    product: String(submission.product),
    rating: Number(submission.rating),
    text: typeof submission.text === 'string' ? submission.text.trim() : '',
    ...(key ? { key } : {}),
  }
  const problems = validate(ReviewCreateBody, body)
  if (hasErrors(problems)) return refuse('review-item', problems)
  return perform('review-item', () => createReview(api, body), ['rating', 'text'])
}
