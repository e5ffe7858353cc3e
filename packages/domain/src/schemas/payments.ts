/**
 * Wire schemas of payments. The request bodies of a shop's financial (payout) accounts: the API validates
 * with them and the dashboard's form checks the same rules in the browser (the API also checks the number's
 * exact form per kind). The answers (payment attempts, payout accounts, payment info): the API's routes
 * declare them and the web derives its types from them. Account numbers only ever leave the server masked.
 */
import { type Static, Type } from 'typebox'
import { IsoDate, Money, Uuid } from './wire'

export const FinancialAccountKind = Type.Union([Type.Literal('mobile-money'), Type.Literal('bank')])
const Text = (max: number) => Type.String({ minLength: 2, maxLength: max, pattern: '\\S', description: 'some text' })
/** Digits with optional spaces or dashes, or a leading +; the service checks the exact form per kind. */
const AccountNumber = Type.String({
  minLength: 6,
  maxLength: 30,
  pattern: '^\\+?[0-9][0-9 -]*$',
  description: 'digits only (spaces, dashes and a leading + are fine)',
})

export const FinancialAccountCreateBody = Type.Object(
  {
    shop: Uuid,
    kind: FinancialAccountKind,
    /** The network ('MTN MoMo', 'Telecel Cash', 'AirtelTigo Money') or the bank's name. */
    provider: Text(80),
    accountName: Text(100),
    accountNumber: AccountNumber,
  },
  { additionalProperties: false },
)
export type FinancialAccountCreateInput = Static<typeof FinancialAccountCreateBody>

export const FinancialAccountPatchBody = Type.Object(
  {
    kind: Type.Optional(FinancialAccountKind),
    provider: Type.Optional(Text(80)),
    accountName: Type.Optional(Text(100)),
    accountNumber: Type.Optional(AccountNumber),
  },
  { additionalProperties: false, minProperties: 1 },
)
export type FinancialAccountPatchInput = Static<typeof FinancialAccountPatchBody>

export const paymentProviders = ['manual', 'test', 'paystack'] as const
export type PaymentProviderName = (typeof paymentProviders)[number]
export const PaymentProvider = Type.Union([Type.Literal('manual'), Type.Literal('test'), Type.Literal('paystack')])

/** What buyers see for a payment option whose shop set no label of its own. */
export const defaultPaymentLabels: Record<PaymentProviderName, string> = {
  manual: 'Pay on delivery or at pick-up',
  test: 'Demonstration payment (no money moves)',
  paystack: 'Mobile money or card (Paystack)',
}

/** How a payment staff record reached the shop: cash, mobile money to the shop's number, or a bank transfer. */
export const paymentMethods = ['cash', 'mobile-money', 'bank-transfer'] as const
export type PaymentMethod = (typeof paymentMethods)[number]
export const PaymentMethodSchema = Type.Union([Type.Literal('cash'), Type.Literal('mobile-money'), Type.Literal('bank-transfer')])

export const paymentMethodLabels: Record<PaymentMethod, string> = {
  cash: 'Cash',
  'mobile-money': "Mobile money to the shop's number",
  'bank-transfer': 'Bank transfer',
}

/** Largest payment one recording takes (major units): far above any order, small enough to stay exact. */
export const MAX_RECORDED_PAYMENT = 10_000_000

/**
 * Staff record a payment they received (POST /api/transactions/): the order, how it was paid, how much
 * (major units, ≤ 2 decimals, at most the balance due) and optionally the payer's reference (a mobile money
 * transaction id, a bank slip number) and a note.
 */
export const TransactionCreateBody = Type.Object(
  {
    order: Uuid,
    method: PaymentMethodSchema,
    amount: Type.Number({ exclusiveMinimum: 0, maximum: MAX_RECORDED_PAYMENT }),
    reference: Type.Optional(Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' })),
    note: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
)
export type TransactionCreateInput = Static<typeof TransactionCreateBody>

// ---------------------------------------------------------------- responses

/** The states of a payment attempt. */
export const TransactionStatus = Type.Union([
  Type.Literal('pending'),
  Type.Literal('success'),
  Type.Literal('failed'),
  Type.Literal('abandoned'),
])
export type TransactionStatus = Static<typeof TransactionStatus>

/** One payment attempt of an order. */
export const TransactionResponse = Type.Object({
  _id: Type.String(),
  order: Type.String(),
  provider: Type.String(),
  reference: Type.String(),
  amount: Money,
  status: TransactionStatus,
  /** Why the attempt failed, in words a buyer can read; null otherwise. */
  error: Type.Union([Type.String(), Type.Null()]),
  /** A payment staff recorded: how it was paid, the payer's reference they typed (or null), and the note. */
  recorded: Type.Optional(
    Type.Object({ method: PaymentMethodSchema, reference: Type.Union([Type.String(), Type.Null()]), note: Type.String() }),
  ),
  /** Only in the answer that started the attempt (placing the order or a retry): where to pay. */
  redirectUrl: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  createdAt: IsoDate,
  updatedAt: IsoDate,
})
export type Transaction = Static<typeof TransactionResponse>

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
export type FinancialAccount = Static<typeof FinancialAccountResponse>

/** A way to pay the shop accepts; `instant` ones are paid on a pay page when the order is placed. */
export const PaymentInfoOption = Type.Object({ provider: PaymentProvider, label: Type.String(), instant: Type.Boolean() })
export type PaymentInfoOption = Static<typeof PaymentInfoOption>

export const PaymentInfoResponse = Type.Object({
  shop: Type.String(),
  currency: Type.String(),
  /** The ways to pay this shop takes, in its order; the first is the default. */
  options: Type.Array(PaymentInfoOption),
  /** Whether the shop has payout details on file. */
  payout: Type.Boolean(),
})
export type PaymentInfo = Static<typeof PaymentInfoResponse>
