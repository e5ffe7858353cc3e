/**
 * "Tell me when it's back" on the wire: a shopper asks to hear when a sold-out variant (or a product without
 * variants) is back, by phone or e-mail; staff read how many wait per variant. The phone is checked with
 * the domain's phone rules (`@shop/domain/phone`) by the API, not here, so this file stays light.
 */
import { type Static, Type } from 'typebox'
import { VariantId } from './catalog'
import { Uuid } from './wire'

export const MAX_CONTACT_LENGTH = 254

export const StockAlertBody = Type.Object(
  {
    shop: Uuid,
    product: Uuid,
    /** The variant's id; omit (or null) for a product without variants. */
    variant: Type.Optional(Type.Union([VariantId, Type.Null()])),
    /** One of phone or email. */
    phone: Type.Optional(Type.String({ maxLength: 40 })),
    email: Type.Optional(Type.String({ format: 'email', maxLength: MAX_CONTACT_LENGTH })),
  },
  { additionalProperties: false },
)
export type StockAlertInput = Static<typeof StockAlertBody>

export const StockAlertResponse = Type.Object({
  _id: Type.String(),
  product: Type.String(),
  variant: Type.Union([Type.String(), Type.Null()]),
  channel: Type.Union([Type.Literal('email'), Type.Literal('sms')]),
  /** What the shopper will hear, for the page to say so. */
  message: Type.String(),
})
export type StockAlert = Static<typeof StockAlertResponse>

export const StockAlertKeyQuery = Type.Object({ key: Type.String({ minLength: 1, maxLength: 100 }) }, { additionalProperties: false })

export const StockAlertWaitingQuery = Type.Object({ product: Uuid }, { additionalProperties: false })

/** Staff: shoppers waiting per variant of a product (variant null for a product without variants). */
export const StockAlertWaitingResponse = Type.Object({
  product: Type.String(),
  data: Type.Array(Type.Object({ variant: Type.Union([Type.String(), Type.Null()]), waiting: Type.Integer() })),
})
export type StockAlertWaiting = Static<typeof StockAlertWaitingResponse>
