/**
 * One interface for every way a shop takes payment (docs/architecture.md §8). An instant provider collects the order's
 * amount due before the shop ships (`start` sends the buyer to a pay page); a provider that is not instant
 * is settled outside the platform (cash or mobile money on delivery), so its orders are acked at placement.
 *
 * Providers only talk to the outside world; they never write to the database, except `test`, which plays
 * the gateway in this process and keeps its pay page's access code (hashed) on the attempt. Whatever
 * `verify` answers is checked against the transaction (status, amount, currency) before anything is marked
 * paid.
 */
import type { orders, transactions } from '../../../db/schema'

export type ProviderName = 'manual' | 'test' | 'paystack'
export const providerNames: readonly ProviderName[] = ['manual', 'test', 'paystack']

export type OrderRow = typeof orders.$inferSelect
export type TransactionRow = typeof transactions.$inferSelect

export type StartContext = {
  order: OrderRow
  transaction: TransactionRow
  /** The buyer's e-mail for the provider: the order's, or one derived for a phone-only buyer (payer-email.ts). */
  email: string
  /** Where the buyer lands after paying or giving up: the order's page on the shop's origin. */
  returnUrl: string
  /** Paystack: the shop's subaccount the payment settles to, and who bears Paystack's fee (decision 58). */
  split?: { subaccount: string; bearer: 'subaccount' | 'account' }
}

export type StartResult = { redirectUrl: string } | null

export type VerifyResult = {
  status: 'success' | 'failed' | 'pending'
  amountMinor: number
  currency: string
  /** What the provider answered, kept on the transaction for support (no secrets in it). */
  raw: Record<string, unknown>
}

/** Money given back on a payment the provider took: its reference, and how much (minor units, ≤ what it took). */
export type RefundRequest = { transactionReference: string; amountMinor: number; currency: string; reason: string }

export type RefundResult = {
  /** The provider's id of the refund, which its later news about it names. */
  providerReference: string
  /** Most refunds are `pending` until the provider says they were processed; some settle at once. */
  status: 'pending' | 'succeeded' | 'failed'
}

export type PaymentProvider = {
  name: ProviderName
  instant: boolean
  start(context: StartContext): Promise<StartResult>
  verify(reference: string): Promise<VerifyResult>
  /** Gives money back on one of its payments (decision 59); absent for a provider that cannot. */
  refund?(request: RefundRequest): Promise<RefundResult>
}

/** The provider could not be reached or refused the call; `message` is safe to show to a buyer. */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly detail?: string,
  ) {
    super(message)
    this.name = 'ProviderError'
  }
}

export function isProviderName(value: unknown): value is ProviderName {
  return typeof value === 'string' && (providerNames as readonly string[]).includes(value)
}
