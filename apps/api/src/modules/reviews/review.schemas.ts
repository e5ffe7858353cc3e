/** Wire schemas of reviews: strict bodies (unknown fields are a 400) and the shapes the routes answer. */
import { type Static, Type } from 'typebox'
import { IsoDate, Page, Uuid } from '@shop/domain/schemas/wire'
import { feathersQuerySchema } from '../../lib/feathers-query'
import { reviewQuerySpec } from './review.repository'

/** The request bodies live in the domain package, where the forms validate with them too. */
export {
  MAX_REPLY_TEXT,
  MAX_REVIEW_TEXT,
  ReviewCreateBody,
  type ReviewCreateInput,
  ReviewPatchBody,
  type ReviewPatchInput,
} from '@shop/domain/schemas/review'

export const ReviewResponse = Type.Object({
  _id: Type.String(),
  shop: Type.String(),
  relatedOrder: Type.String(),
  rating: Type.Integer(),
  text: Type.String(),
  reply: Type.Union([Type.String(), Type.Null()]),
  repliedAt: Type.Union([IsoDate, Type.Null()]),
  createdAt: IsoDate,
  author: Type.Object({ name: Type.String({ description: 'first name only' }) }),
  hidden: Type.Optional(Type.Boolean({ description: 'only for the shop’s moderators' })),
  orderId: Type.Optional(Type.String({ description: 'the reviewed order’s short code; only for the shop’s moderators' })),
})
export type ReviewDto = Static<typeof ReviewResponse>

const page = Page(ReviewResponse)
export const ReviewPageResponse = {
  ...page,
  required: [...page.required, 'average'],
  properties: {
    ...page.properties,
    average: { type: ['number', 'null'], description: 'mean rating of the shop’s visible reviews, one decimal' },
  },
}

export const ReviewListQuery = feathersQuerySchema(reviewQuerySpec, { shop: Uuid }, { required: ['shop'] })
