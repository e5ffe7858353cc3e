/**
 * Request bodies of reviews (DESIGN §10): a shopper's review of a delivered order, and staff moderation
 * (hide, show, reply). The API validates with them and the forms check the same rules in the browser.
 */
import { type Static, Type } from 'typebox'
import { Uuid } from './wire'

export const MAX_REVIEW_TEXT = 2000
export const MAX_REPLY_TEXT = 2000

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
