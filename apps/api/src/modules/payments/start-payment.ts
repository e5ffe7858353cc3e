/**
 * Opening a payment attempt and sending it to its provider (docs/architecture.md §8). The attempt's row is written in
 * the transaction that places the order (or, for a retry, that supersedes the previous attempt); the
 * provider is called only after that commits, so no database transaction waits on the network. A provider
 * that fails leaves the order placed and unacked, and the attempt 'failed' with a reason the buyer can read.
 */
import { randomBytes } from 'node:crypto'
import { type ServiceContext, inTransaction } from '../../context'
import type { Db } from '../../db/client'
import { Conflict, NotFound } from '../../lib/errors'
import { lockOrder } from '../orders/order.service'
import { ledgerOf } from '../orders/orders.dto'
import type { PaymentSummary } from '../orders/orders.schemas'
import { orderReturnUrl, shopOrigin } from './order-access'
import { findPayoutSubaccount } from './financial-account.repository'
import { payerEmail } from './payer-email'
import { type OrderRow, ProviderError, type StartContext, isProviderName } from './providers/provider'
import { instantProviders, paymentProvider } from './providers/registry'
import { verifyTransaction } from './settle-payment'
import {
  type TransactionRow,
  findLatestTransaction,
  findTransactionForUpdate,
  insertTransaction,
  updateTransaction,
} from './transaction.repository'

export type Started = { transaction: TransactionRow; redirectUrl: string | null }

/**
 * What an attempt collects: for an instant provider the amount due up front (docs/product.md §9's checkout total);
 * paid on delivery or at pick-up, everything the buyer owes (the order total and its tax).
 */
export function attemptAmountMinor(order: OrderRow, provider: string): number {
  const ledger = ledgerOf(order)
  return isProviderName(provider) && instantProviders[provider] ? ledger.dueWithOrderMinor : ledger.totalInclTaxMinor
}

/** Unique per provider; only letters, digits and '-', as Paystack allows. */
export function newReference(order: Pick<OrderRow, 'orderId'>): string {
  return `${order.orderId}-${randomBytes(8).toString('hex')}`
}

/**
 * Inside the transaction that places `order`: its first attempt, pending. Null when nothing is to be paid
 * (an amount of 0) or the provider is unknown.
 */
export async function openOrderTransaction(tx: ServiceContext, order: OrderRow): Promise<TransactionRow | null> {
  if (!isProviderName(order.paymentProvider)) return null
  const amountMinor = attemptAmountMinor(order, order.paymentProvider)
  if (amountMinor <= 0) return null
  return insertTransaction(tx.db, {
    shopId: order.shopId,
    orderId: order.id,
    provider: order.paymentProvider,
    reference: newReference(order),
    amountMinor,
    currency: order.currency,
    status: 'pending',
  })
}

export const noPayoutAccount = 'This shop cannot take payments online right now. Please choose another way to pay.'

/**
 * Every Paystack payment settles to its shop's subaccount (decision 58); a shop without a verified payout
 * account takes none, so its money can never land in the platform's account.
 */
async function paystackSplit(ctx: ServiceContext, shopId: string): Promise<NonNullable<StartContext['split']>> {
  const subaccount = await findPayoutSubaccount(ctx.db, shopId)
  if (!subaccount) throw new ProviderError(noPayoutAccount, 'no verified payout account')
  return { subaccount, bearer: ctx.config.paystackFeeBearer }
}

/** Marks a pending attempt failed with `error` (unless something settled it meanwhile). */
async function failToStart(db: Db, id: string, error: string, detail: string | undefined): Promise<TransactionRow> {
  return db.transaction(async (tx) => {
    const current = await findTransactionForUpdate(tx, id)
    if (!current) throw NotFound('No such transaction')
    if (current.status !== 'pending') return current
    return updateTransaction(tx, id, { status: 'failed', details: { failure: 'start', error, ...(detail ? { detail } : {}) } })
  })
}

/**
 * Sends an attempt to its provider after its row has committed. Never throws: the order exists whatever the
 * provider does, so a failure is recorded on the attempt and answered as `payment.error`. The buyer comes
 * back to the order's page, or where `returnTo` says (a pay link's page), on the shop's origin.
 */
export async function startTransaction(
  ctx: ServiceContext,
  order: OrderRow,
  row: TransactionRow,
  accessKey: string | null,
  returnTo?: (origin: string) => string,
): Promise<Started> {
  const provider = paymentProvider(ctx, row.provider)
  if (provider && !provider.instant) return { transaction: row, redirectUrl: null }
  try {
    if (!provider) throw new ProviderError(`Payments through ${row.provider} are not available right now`)
    const origin = await shopOrigin(ctx, order.shopId)
    const split = row.provider === 'paystack' ? await paystackSplit(ctx, order.shopId) : undefined
    const returnUrl = returnTo ? returnTo(origin) : orderReturnUrl(origin, order, row.id, accessKey)
    const email = payerEmail(ctx.config.rootDomain, order)
    const started = await provider.start({ order, email, transaction: row, returnUrl, split })
    return { transaction: row, redirectUrl: started?.redirectUrl ?? null }
  } catch (error) {
    const known = error instanceof ProviderError
    if (known) ctx.log.warn({ transaction: row.id, provider: row.provider, detail: error.detail }, error.message)
    else ctx.log.error({ err: error, transaction: row.id }, 'payment could not be started')
    const message = known ? error.message : 'The payment could not be started. Please try again.'
    const failed = await failToStart(ctx.db, row.id, message, known ? error.detail : undefined)
    return { transaction: failed, redirectUrl: null }
  }
}

/**
 * The payment part of an order's answer. Only an instant provider's attempt is shown: a payment on delivery
 * has nothing for the buyer to do (staff find its attempt through GET /api/transactions/?order=).
 */
export function paymentSummary(provider: string, started: Started | null): PaymentSummary {
  if (!started || !isProviderName(provider) || !instantProviders[provider]) return { provider }
  const { transaction } = started
  const error = transaction.status === 'failed' ? (transaction.details.error as string | undefined) : undefined
  return {
    provider,
    status: transaction.status,
    transaction: transaction.id,
    redirectUrl: started.redirectUrl,
    ...(error ? { error } : {}),
  }
}

/** The payment part of a replayed order's answer: its newest attempt (no pay page: retry for a new one). */
export async function currentPaymentSummary(ctx: ServiceContext, order: OrderRow): Promise<PaymentSummary> {
  const latest = await findLatestTransaction(ctx.db, order.shopId, order.id)
  return paymentSummary(order.paymentProvider, latest ? { transaction: latest, redirectUrl: null } : null)
}

/**
 * A buyer's retry: a new attempt with a new pay page. The attempt retried must be the order's newest and
 * the order unpaid; a pending one is first asked about (it may have been paid meanwhile) and then
 * superseded ('abandoned'), so only one attempt at a time is open.
 */
export async function retryTransaction(ctx: ServiceContext, row: TransactionRow, order: OrderRow, accessKey: string | null): Promise<Started> {
  const provider = paymentProvider(ctx, row.provider)
  if (!provider) throw Conflict(`Payments through ${row.provider} are not available right now`)
  if (!provider.instant) {
    throw Conflict('This order is paid on delivery or at pick-up; there is nothing to pay online', [
      { path: 'action', message: 'retry is only for online payments' },
    ])
  }
  const alreadyPaid = () => Conflict('This order is already paid', [{ path: 'action', message: 'the order is already paid' }])
  if (order.status === 'canceled') throw Conflict('This order is canceled', [{ path: 'action', message: 'the order is canceled' }])
  if (order.acked || row.status === 'success') throw alreadyPaid()
  if (row.status === 'pending') {
    const settled = await verifyTransaction(ctx, row)
    if (settled.transaction.status === 'success') throw alreadyPaid()
  }

  const next = await inTransaction(ctx, async (txCtx) => {
    const tx = txCtx.db
    // Same lock order as settling: the attempt, then the order.
    const current = await findTransactionForUpdate(tx, row.id)
    const locked = await lockOrder(txCtx, order.id)
    if (!current || !locked) throw NotFound('No such transaction')
    if (locked.acked || current.status === 'success') throw alreadyPaid()
    if (locked.status === 'canceled') throw Conflict('This order is canceled', [{ path: 'action', message: 'the order is canceled' }])
    const latest = await findLatestTransaction(tx, order.shopId, order.id)
    if (latest && latest.id !== current.id) {
      throw Conflict('A newer payment attempt exists for this order', [{ path: 'id', message: `retry ${latest.id} instead` }])
    }
    if (current.status === 'pending') {
      await updateTransaction(tx, current.id, { status: 'abandoned', details: { supersededAt: ctx.clock.now().toISOString() } })
    }
    const amountMinor = attemptAmountMinor(locked, current.provider)
    return insertTransaction(tx, {
      shopId: locked.shopId,
      orderId: locked.id,
      provider: current.provider,
      reference: newReference(locked),
      amountMinor,
      currency: locked.currency,
      status: 'pending',
    })
  })
  return startTransaction(ctx, order, next, accessKey)
}
