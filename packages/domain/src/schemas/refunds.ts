/**
 * Wire schemas of refunds and returns (decision 59). Staff give money back on an order (`POST /api/refunds/`):
 * through Paystack for a payment Paystack took, or recorded as paid by hand (cash, mobile money, bank
 * transfer); `restock` puts returned units back on sale. A return without money back is a refund of 0 with
 * restock. The API validates with the body, the dashboard's form checks the same rules, and the web derives
 * its types from the answer. Money on the wire is major units.
 */
import { type Static, Type } from 'typebox'
import { IsoDate, Money, Uuid } from './wire'

export const refundMethods = ['paystack', 'cash', 'mobile-money', 'bank-transfer'] as const
export type RefundMethod = (typeof refundMethods)[number]
export const RefundMethodSchema = Type.Union([
  Type.Literal('paystack'),
  Type.Literal('cash'),
  Type.Literal('mobile-money'),
  Type.Literal('bank-transfer'),
])

/** How the money went back, as staff pick it. */
export const refundMethodLabels: Record<RefundMethod, string> = {
  paystack: 'Back to the card or mobile money wallet (Paystack)',
  cash: 'Cash',
  'mobile-money': 'Mobile money from the shop',
  'bank-transfer': 'Bank transfer',
}

/** "by cash", "through Paystack": how the timeline, the buyer's message and the order page say it. */
export const refundMethodWords: Record<RefundMethod, string> = {
  paystack: 'through Paystack, to the card or wallet that paid',
  cash: 'in cash',
  'mobile-money': 'by mobile money',
  'bank-transfer': 'by bank transfer',
}

export const refundStatuses = ['pending', 'succeeded', 'failed'] as const
export type RefundStatus = (typeof refundStatuses)[number]
export const RefundStatusSchema = Type.Union([Type.Literal('pending'), Type.Literal('succeeded'), Type.Literal('failed')])

export const refundStatusLabels: Record<RefundStatus, string> = {
  pending: 'On its way',
  succeeded: 'Refunded',
  failed: 'Failed',
}

/** Largest refund one request takes (major units), as for a recorded payment. */
export const MAX_REFUND = 10_000_000
/** Most restock lines one refund carries: an order never has more lines than this. */
export const MAX_RESTOCK_LINES = 100

export const RestockLineSchema = Type.Object(
  {
    product: Uuid,
    /** The variant's id, as on the order's line; left out for a product without variants. */
    variant: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    count: Type.Integer({ minimum: 1, maximum: 100_000 }),
  },
  { additionalProperties: false },
)
export type RestockLineInput = Static<typeof RestockLineSchema>

export const RefundCreateBody = Type.Object(
  {
    order: Uuid,
    /** Major units, ≤ 2 decimals, at most what was paid and not yet refunded; 0 only with `restock`. */
    amount: Type.Number({ minimum: 0, maximum: MAX_REFUND }),
    method: RefundMethodSchema,
    /** Why, in words the buyer reads in their message. */
    reason: Type.String({ minLength: 2, maxLength: 200, pattern: '\\S' }),
    /** What staff wrote down: a mobile money transaction id, a bank reference. Not for Paystack. */
    reference: Type.Optional(Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' })),
    restock: Type.Optional(Type.Array(RestockLineSchema, { maxItems: MAX_RESTOCK_LINES })),
  },
  { additionalProperties: false },
)
export type RefundCreateInput = Static<typeof RefundCreateBody>

export const RefundResponse = Type.Object({
  _id: Type.String(),
  shop: Type.String(),
  order: Type.String(),
  amount: Money,
  method: RefundMethodSchema,
  reason: Type.String(),
  reference: Type.Union([Type.String(), Type.Null()]),
  /** `pending` until Paystack says it was processed (`succeeded`) or not (`failed`); others are `succeeded` at once. */
  status: RefundStatusSchema,
  /** Units put back on sale with it. */
  restock: Type.Array(Type.Object({ product: Type.String(), variant: Type.Union([Type.String(), Type.Null()]), count: Type.Integer() })),
  /** Who gave it: the staff member's name (or e-mail), null when they are gone. */
  createdBy: Type.Union([Type.Object({ _id: Type.String(), name: Type.String() }), Type.Null()]),
  createdAt: IsoDate,
  updatedAt: IsoDate,
})
export type Refund = Static<typeof RefundResponse>
