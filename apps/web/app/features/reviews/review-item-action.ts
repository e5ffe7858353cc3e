/**
 * The order pages' one write (decision 81): `review-item` reviews an item of a delivered order, or edits
 * the buyer's review of it. A guest's form sends the order's private key, which the API takes in place of
 * a login. Both order pages (`/orders/:id`, `/account/orders/:id`) take it among their clientAction's intents.
 */
import { ReviewCreateBody } from '@shop/domain/schemas/review'
import type { Review } from '@shop/domain/schemas/review'
import { Uuid } from '@shop/domain/schemas/wire'
import { type Static, Type } from 'typebox'
import { createReview } from '../../api/reviews/create-review'
import { api } from '../../lib/api'
import { type ActionAnswer, perform } from '../../lib/route-data'

export type ReviewItemAnswer = ActionAnswer<'review-item', Review>

/** What the form sends: the domain's review, of one product of the order (the product is not optional here). */
export const reviewItemIntents = {
  'review-item': Type.Object({ ...ReviewCreateBody.properties, product: Uuid }, { additionalProperties: false }),
}

/** Posts the item's review; the API's refusals come back beside the stars and the text. */
export function reviewItem({ text, ...review }: Static<(typeof reviewItemIntents)['review-item']>): Promise<ReviewItemAnswer> {
  return perform('review-item', () => createReview(api, { ...review, text: text?.trim() ?? '' }), ['rating', 'text'])
}
