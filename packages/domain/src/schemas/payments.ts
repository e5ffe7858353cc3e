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

/** A bank's or mobile money network's code in Paystack's list for GHS (`GET /api/financial-accounts/banks`). */
export const BankCode = Type.String({ minLength: 1, maxLength: 30, pattern: '^[A-Za-z0-9_-]+$', description: "a code from the shop's bank list" })

export const FinancialAccountCreateBody = Type.Object(
  {
    shop: Uuid,
    kind: FinancialAccountKind,
    /**
     * The network ('MTN MoMo', 'Telecel Cash', 'AirtelTigo Money') or the bank's name. Required unless
     * `payout`: a payout account takes the name from Paystack's list.
     */
    provider: Type.Optional(Text(80)),
    /** Required unless `payout`: a payout account's name is the one Paystack resolves. */
    accountName: Type.Optional(Text(100)),
    accountNumber: AccountNumber,
    /** The account the shop is paid into online (one per shop): resolved and made a Paystack subaccount. */
    payout: Type.Optional(Type.Boolean()),
    /** Required with `payout`: the bank or network from the shop's bank list. */
    bankCode: Type.Optional(BankCode),
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
    /** The payout account's bank or network from the shop's bank list; a change is resolved and sent to Paystack. */
    bankCode: Type.Optional(BankCode),
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
  /** The account the shop is paid into online. */
  payout: Type.Boolean(),
  bankCode: Type.Union([Type.String(), Type.Null()]),
  /** When Paystack resolved its name and holds it as the shop's subaccount; null until then. */
  verifiedAt: Type.Union([IsoDate, Type.Null()]),
  createdAt: IsoDate,
  updatedAt: IsoDate,
})
export type FinancialAccount = Static<typeof FinancialAccountResponse>

// ---------------------------------------------------------------- payout accounts (decision 58)

/** `GET /api/financial-accounts/banks?shop=&kind=`: Paystack's banks or mobile money networks for GHS. */
export const PayoutBank = Type.Object({ code: Type.String(), name: Type.String(), kind: FinancialAccountKind })
export type PayoutBank = Static<typeof PayoutBank>
export const PayoutBanksResponse = Type.Object({ data: Type.Array(PayoutBank) })
export type PayoutBanks = Static<typeof PayoutBanksResponse>

/** `POST /api/financial-accounts/resolve`: the name the bank or network holds for a number, shown before saving. */
export const AccountResolveBody = Type.Object(
  { shop: Uuid, kind: FinancialAccountKind, bankCode: BankCode, accountNumber: AccountNumber },
  { additionalProperties: false },
)
export type AccountResolveInput = Static<typeof AccountResolveBody>
export const AccountResolveResponse = Type.Object({
  accountName: Type.String(),
  bankCode: Type.String(),
  bankName: Type.String(),
  /** Masked, as every answer shows a number. */
  accountNumber: Type.String(),
})
export type AccountResolved = Static<typeof AccountResolveResponse>

export const SettlementStatus = Type.Union([Type.Literal('pending'), Type.Literal('processing'), Type.Literal('success'), Type.Literal('failed')])

/** One payout Paystack made (or is making) to the shop's account. */
export const PayoutSettlement = Type.Object({
  _id: Type.String(),
  status: SettlementStatus,
  /** What reached (or will reach) the shop's account. */
  amount: Money,
  /** What the payments in it came to before fees. */
  processed: Money,
  fees: Money,
  settledAt: Type.Union([IsoDate, Type.Null()]),
  createdAt: Type.Union([IsoDate, Type.Null()]),
})
export type PayoutSettlement = Static<typeof PayoutSettlement>

/** `GET /api/payouts/settlements?shop=&page=`: a page of the shop's settlements, newest first, as Paystack pages them. */
export const PayoutSettlementsResponse = Type.Object({
  page: Type.Integer(),
  perPage: Type.Integer(),
  total: Type.Integer(),
  pageCount: Type.Integer(),
  data: Type.Array(PayoutSettlement),
})
export type PayoutSettlements = Static<typeof PayoutSettlementsResponse>

/** `GET /api/payouts/payments?shop=`: one order's online payment and what the shop keeps of it. */
export const PayoutPayment = Type.Object({
  transaction: Type.String(),
  order: Type.String(),
  /** The order's number, as staff and buyers see it. */
  orderId: Type.String(),
  reference: Type.String(),
  amount: Money,
  /** Paystack's fee, and the platform's share; null when Paystack did not say (a payment before payouts). */
  paystackFee: Type.Union([Money, Type.Null()]),
  platformFee: Type.Union([Money, Type.Null()]),
  /** What the shop's account gets of it. */
  net: Type.Union([Money, Type.Null()]),
  paidAt: IsoDate,
})
export type PayoutPayment = Static<typeof PayoutPayment>

/** A way to pay the shop accepts; `instant` ones are paid on a pay page when the order is placed. */
export const PaymentInfoOption = Type.Object({ provider: PaymentProvider, label: Type.String(), instant: Type.Boolean() })
export type PaymentInfoOption = Static<typeof PaymentInfoOption>

export const PaymentInfoResponse = Type.Object({
  shop: Type.String(),
  currency: Type.String(),
  /** The ways to pay this shop takes, in its order; the first is the default. */
  options: Type.Array(PaymentInfoOption),
  /** Whether the shop has a verified payout account (decision 58): only then does it take payments online. */
  payout: Type.Boolean(),
})
export type PaymentInfo = Static<typeof PaymentInfoResponse>
