/**
 * Wire schemas of transactions, financial accounts and payment info. Requests are strict (unknown fields
 * are a 400). Money on the wire is major units. Account numbers only ever leave the server masked.
 */
import { FinancialAccountKind } from '@shop/domain/schemas/payments'
import { Uuid } from '@shop/domain/schemas/wire'
import { type Static, Type } from 'typebox'
import { AccessKey } from '../orders/orders.schemas'

/**
 * The financial account bodies and the answers live in the domain package: the dashboard's form validates
 * with the bodies too, and the web derives its types from the answers.
 */
export {
  AccountResolveBody,
  type AccountResolveInput,
  AccountResolveResponse,
  type AccountResolved as AccountResolvedDto,
  type PayoutBank as PayoutBankDto,
  PayoutBanksResponse,
  type PayoutPayment as PayoutPaymentDto,
  PayoutPayment,
  type PayoutSettlements as PayoutSettlementsDto,
  PayoutSettlementsResponse,
  FinancialAccountCreateBody,
  type FinancialAccountCreateInput,
  FinancialAccountPatchBody,
  type FinancialAccountPatchInput,
  FinancialAccountResponse,
  type FinancialAccount as FinancialAccountDto,
  PaymentInfoResponse,
  type PaymentInfo as PaymentInfoDto,
  TransactionCreateBody,
  type TransactionCreateInput,
  TransactionResponse,
  type Transaction as TransactionDto,
} from '@shop/domain/schemas/payments'

// ---------------------------------------------------------------- transactions

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

/** `GET /api/financial-accounts/banks`: the shop, and banks or mobile money networks. */
export const PayoutBanksQuery = Type.Object({ shop: Uuid, kind: FinancialAccountKind }, { additionalProperties: false })
export type PayoutBanksQuery = Static<typeof PayoutBanksQuery>

/** `GET /api/payouts/settlements`: Paystack's pages (1-based, up to 100 a page). */
export const SettlementsQuery = Type.Object(
  {
    shop: Uuid,
    page: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,3}$', description: 'page number, from 1 (default 1)' })),
    perPage: Type.Optional(Type.String({ pattern: '^(100|[1-9][0-9]?)$', description: 'settlements a page, 1 to 100 (default 20)' })),
  },
  { additionalProperties: false },
)
export type SettlementsQuery = Static<typeof SettlementsQuery>

// ---------------------------------------------------------------- payment info

export const ShopQuery = Type.Object({ shop: Uuid }, { additionalProperties: false })
export type ShopQuery = Static<typeof ShopQuery>

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
