/**
 * A shop's customers as its staff see them (decision 65): one per phone, or per e-mail for a buyer without
 * one, with what they ordered, spent and still owe, and the shop's own note and tags. Money is major units.
 */
import { type Static, Type } from 'typebox'
import { OrderResponse } from './orders'
import { IsoDate, Money } from './wire'

export const CUSTOMER_NOTE_MAX = 2000
export const CUSTOMER_TAG_MAX = 40
export const CUSTOMER_TAGS_MAX = 20

/** What every answer about a customer says, beside their orders. */
const customerFields = {
  _id: Type.String(),
  name: Type.String(),
  /** International form (`+233244123456`), or '' for a customer known by e-mail only. */
  phone: Type.String(),
  email: Type.String(),
  /** Paid less refunded, over all their orders. */
  spent: Money,
  /** Still due on their orders that are not canceled. */
  balance: Money,
  firstOrderAt: Type.Union([IsoDate, Type.Null()]),
  lastOrderAt: Type.Union([IsoDate, Type.Null()]),
  note: Type.String(),
  tags: Type.Array(Type.String()),
}

/** A customer in the list: `orders` counts their orders that are not canceled. */
export const CustomerResponse = Type.Object({ ...customerFields, orders: Type.Integer() })
export type Customer = Static<typeof CustomerResponse>

/**
 * One customer: `orders` are their orders themselves (canceled ones too), newest first, at most
 * `CUSTOMER_ORDERS_SHOWN`; `orderCount` is the list's count (not canceled), `orderTotal` how many they placed.
 */
export const CustomerDetailResponse = Type.Object({
  ...customerFields,
  orderCount: Type.Integer(),
  orderTotal: Type.Integer(),
  orders: Type.Array(OrderResponse),
})
export type CustomerDetail = Static<typeof CustomerDetailResponse>

export const CUSTOMER_ORDERS_SHOWN = 50

/** What staff may change on a customer: the shop's own note and tags (the rest comes from their orders). */
export const CustomerPatchBody = Type.Object(
  {
    note: Type.Optional(Type.String({ maxLength: CUSTOMER_NOTE_MAX })),
    tags: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: CUSTOMER_TAG_MAX, pattern: '\\S' }), { maxItems: CUSTOMER_TAGS_MAX }),
    ),
  },
  { additionalProperties: false, minProperties: 1 },
)
export type CustomerPatchInput = Static<typeof CustomerPatchBody>
