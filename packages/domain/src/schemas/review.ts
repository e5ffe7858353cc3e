/**
 * Wire schemas of reviews (docs/architecture.md §10, decision 81). The request bodies, a shopper's review of a delivered
 * order or of one of its items and staff moderation (hide, show, reply): the API validates with them and
 * the forms check the same rules in the browser. The answers: the API's routes declare them and the web derives its types from them.
 */
import { type Static, Type } from 'typebox'
import { IsoDate, Page, Uuid } from './wire'

export const MAX_REVIEW_TEXT = 2000
export const MAX_REPLY_TEXT = 2000

export const ReviewCreateBody = Type.Object(
  {
    relatedOrder: Uuid,
    rating: Type.Integer({ minimum: 1, maximum: 5 }),
    text: Type.Optional(Type.String({ maxLength: MAX_REVIEW_TEXT })),
    product: Type.Optional(
      Type.String({
        format: 'uuid',
        description: 'an item of the order: reviews that product (one review per order and product; posting again edits it)',
      }),
    ),
    key: Type.Optional(
      Type.String({ minLength: 1, maxLength: 200, description: 'the order’s private key, for a buyer without an account (or not logged in)' }),
    ),
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

// ---------------------------------------------------------------- responses

export const ReviewResponse = Type.Object({
  _id: Type.String(),
  shop: Type.String(),
  relatedOrder: Type.String(),
  product: Type.Optional(Type.String({ description: 'the product reviewed; absent for a review of the whole order' })),
  productTitle: Type.Optional(
    Type.String({ description: 'the reviewed product’s title; absent when it is gone, or (except for the shop’s moderators) hidden from shoppers' }),
  ),
  rating: Type.Integer(),
  text: Type.String(),
  reply: Type.Union([Type.String(), Type.Null()]),
  repliedAt: Type.Union([IsoDate, Type.Null()]),
  createdAt: IsoDate,
  author: Type.Object({ name: Type.String({ description: 'first name only' }) }),
  hidden: Type.Optional(Type.Boolean({ description: 'only for the shop’s moderators' })),
  orderId: Type.Optional(Type.String({ description: 'the reviewed order’s short code; only for the shop’s moderators' })),
})
export type Review = Static<typeof ReviewResponse>

/** A list page of reviews with the shop's average rating. */
export const ReviewPageResponse = Type.Object({
  ...Page(ReviewResponse).properties,
  average: Type.Union([Type.Number(), Type.Null()], {
    description: 'mean rating of the shop’s visible reviews, one decimal; with a `product` filter, of that product’s',
  }),
})
export type ReviewPage = Static<typeof ReviewPageResponse>
