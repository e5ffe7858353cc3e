/** Wire schemas of reviews: strict bodies (unknown fields are a 400) and the shapes the routes answer. */
import { type Static, Type } from 'typebox'
import { feathersQuerySchema, pageSchema } from '../../lib/feathers-query'
import { reviewQuerySpec } from './review.repository'

export const MAX_REVIEW_TEXT = 2000
export const MAX_REPLY_TEXT = 2000

const Uuid = Type.String({ format: 'uuid' })
const IsoDate = Type.String({ format: 'date-time' })

export const ReviewIdParams = Type.Object({ id: Uuid }, { additionalProperties: false })

export const ReviewCreateBody = Type.Object(
  {
    relatedOrder: Uuid,
    rating: Type.Integer({ minimum: 1, maximum: 5 }),
    text: Type.Optional(Type.String({ maxLength: MAX_REVIEW_TEXT })),
  },
  { additionalProperties: false },
)
export type ReviewCreateInput = Static<typeof ReviewCreateBody>

export const ReviewPatchBody = Type.Object(
  {
    hidden: Type.Optional(Type.Boolean()),
    reply: Type.Optional(
      Type.Union([Type.String({ maxLength: MAX_REPLY_TEXT }), Type.Null()], { description: 'null or blank removes the reply' }),
    ),
  },
  { additionalProperties: false, minProperties: 1 },
)
export type ReviewPatchInput = Static<typeof ReviewPatchBody>

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
})
export type ReviewDto = Static<typeof ReviewResponse>

const page = pageSchema(ReviewResponse)
export const ReviewPageResponse = {
  ...page,
  required: [...page.required, 'average'],
  properties: {
    ...page.properties,
    average: { type: ['number', 'null'], description: 'mean rating of the shop’s visible reviews, one decimal' },
  },
}

export const ReviewListQuery = {
  ...feathersQuerySchema(reviewQuerySpec, { shop: Uuid }),
  required: ['shop'],
}
