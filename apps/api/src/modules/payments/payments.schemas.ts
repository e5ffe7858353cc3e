/**
 * Wire schemas of transactions, financial accounts and payment info. Requests are strict (unknown fields
 * are a 400). Money on the wire is major units. Account numbers only ever leave the server masked.
 */
import { FinancialAccountKind } from '@shop/domain/schemas/payments'
import { IsoDate, Money, Uuid } from '@shop/domain/schemas/wire'
import { type Static, Type } from 'typebox'
import { TransactionStatus } from '../orders/orders.schemas'

/** The secret of an anonymous buyer's private order link. */
const AccessKey = Type.String({ pattern: '^[A-Za-z0-9_-]{20,100}$' })
const Provider = Type.Union([Type.Literal('manual'), Type.Literal('test'), Type.Literal('paystack')])

export const KeyQuery = Type.Object({ key: Type.Optional(AccessKey) }, { additionalProperties: false })
export type KeyQuery = Static<typeof KeyQuery>

// ---------------------------------------------------------------- transactions

export const TransactionResponse = Type.Object({
  _id: Type.String(),
  order: Type.String(),
  provider: Type.String(),
  reference: Type.String(),
  amount: Money,
  status: TransactionStatus,
  /** Why the attempt failed, in words a buyer can read; null otherwise. */
  error: Type.Union([Type.String(), Type.Null()]),
  /** Only in the answer that started the attempt (placing the order or a retry): where to pay. */
  redirectUrl: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  createdAt: IsoDate,
  updatedAt: IsoDate,
})
export type TransactionDto = Static<typeof TransactionResponse>

/**
 * `{action: 'verify'}` (buyer or staff), `{action: 'retry'}` (buyer), or `{status: 'success', note?}`
 * (staff with orders.move: a payment on delivery was received). Exactly one of action and status.
 */
export const TransactionPatchBody = Type.Object(
  {
    action: Type.Optional(Type.Union([Type.Literal('verify'), Type.Literal('retry')])),
    status: Type.Optional(Type.Literal('success')),
    note: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false, minProperties: 1 },
)
export type TransactionPatchInput = Static<typeof TransactionPatchBody>

// ---------------------------------------------------------------- financial accounts

export const MAX_FINANCIAL_ACCOUNTS = 10

/** The request bodies live in the domain package, where the dashboard's form validates with them too. */
export {
  FinancialAccountCreateBody,
  type FinancialAccountCreateInput,
  FinancialAccountPatchBody,
  type FinancialAccountPatchInput,
} from '@shop/domain/schemas/payments'

export const FinancialAccountResponse = Type.Object({
  _id: Type.String(),
  shop: Type.String(),
  kind: FinancialAccountKind,
  provider: Type.String(),
  accountName: Type.String(),
  /** Masked: `•••• 4567`, only the last four digits. The full number never leaves the server. */
  accountNumber: Type.String(),
  createdAt: IsoDate,
  updatedAt: IsoDate,
})
export type FinancialAccountDto = Static<typeof FinancialAccountResponse>

// ---------------------------------------------------------------- payment info

export const ShopQuery = Type.Object({ shop: Uuid }, { additionalProperties: false })
export type ShopQuery = Static<typeof ShopQuery>

export const PaymentInfoResponse = Type.Object({
  shop: Type.String(),
  currency: Type.String(),
  /** The ways to pay this shop takes, in its order; the first is the default. */
  options: Type.Array(Type.Object({ provider: Provider, label: Type.String(), instant: Type.Boolean() })),
  /** Whether the shop has payout details on file. */
  payout: Type.Boolean(),
})
export type PaymentInfoDto = Static<typeof PaymentInfoResponse>

// ---------------------------------------------------------------- Paystack webhook and the test pay page

export const PaystackEvent = Type.Object(
  {
    event: Type.String({ maxLength: 100 }),
    data: Type.Optional(Type.Object({ reference: Type.Optional(Type.Unknown()) })),
  },
  // Paystack's document, not ours: its other fields are ignored, never rejected.
  { additionalProperties: true },
)
export type PaystackEvent = Static<typeof PaystackEvent>

/**
 * The test pay page's access code. Any string up to a bound: a wrong or missing one answers the same 404
 * page as an unknown attempt, not a 400 that would tell the two apart.
 */
const PayPageAccess = Type.String({ maxLength: 200 })

export const PayPageQuery = Type.Object({ key: Type.Optional(AccessKey), access: Type.Optional(PayPageAccess) }, { additionalProperties: false })
export type PayPageQuery = Static<typeof PayPageQuery>

export const PayPageForm = Type.Object(
  {
    outcome: Type.Union([Type.Literal('pay'), Type.Literal('cancel')]),
    key: Type.Optional(AccessKey),
    access: Type.Optional(PayPageAccess),
  },
  { additionalProperties: false },
)
export type PayPageForm = Static<typeof PayPageForm>
