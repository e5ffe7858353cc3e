/**
 * Settling a payment attempt: ask the provider what happened (never trust a webhook's or a browser's
 * word), check the status, amount and currency against the attempt, then in one database transaction mark
 * the attempt and ack the order, with a timeline note and a notification to staff. The provider is asked
 * before the transaction opens, so no database lock is held across a network call.
 *
 * Settled for good: a paid attempt, and one whose payment did not match (a person must look at it).
 * Anything else may still move, since a declined card can be tried again on the same pay page.
 */
import { formatMinor } from '@shop/domain'
import { type ServiceContext, inTransaction } from '../../context'
import { Conflict, HttpError, NotFound } from '../../lib/errors'
import { notifyStaff } from '../notifications/notify'
import { paymentMethods, type PaymentMethod } from '@shop/domain/schemas/payments'
import { ackOrder, lockOrder, noteOnTimeline, orderLedgerNow } from '../orders/order.service'
import { sendCheckoutPaidMessages, sendPaymentMessage } from '../orders/order-messages'
import { syncCustomer } from '../orders/order-customer'
import { ProviderError, type VerifyResult } from './providers/provider'
import { paymentProvider } from './providers/registry'
import {
  type TransactionRow,
  findTransactionForUpdate,
  updateTransaction,
} from './transaction.repository'

export type Settled = { transaction: TransactionRow; changed: boolean }

/** A provider that could not be reached or answered nonsense: try again later (Paystack retries webhooks on 5xx). */
export const BadGateway = (message: string) => new HttpError('BadGateway', 502, 'bad-gateway', message)

/** How a payment reached the shop, after "received": words the buyer reads too (their order's history). */
const providerWords: Record<string, string> = {
  manual: 'on delivery or at pick-up',
  test: 'as a demonstration payment (no money moved)',
  paystack: 'via Paystack',
}

const providerNames: Record<string, string> = { manual: 'On-delivery', test: 'Demonstration', paystack: 'Paystack' }

/** How a payment staff recorded reached the shop, as the timeline says it. */
const methodWords: Record<PaymentMethod, string> = {
  cash: 'in cash',
  'mobile-money': "by mobile money to the shop's number",
  'bank-transfer': 'by bank transfer',
}

/** What staff typed when they recorded a payment (transactions.details.recorded). */
export type RecordedPayment = { method: PaymentMethod; reference: string | null; note: string }

export function recordedPayment(row: Pick<TransactionRow, 'details'>): RecordedPayment | null {
  const recorded = row.details.recorded as RecordedPayment | undefined
  return recorded && typeof recorded === 'object' && paymentMethods.includes(recorded.method) ? recorded : null
}

/** "received via Paystack (reference …)", "received in cash (reference 1234)": how the timeline tells it. */
function receivedWords(transaction: TransactionRow): string {
  const recorded = recordedPayment(transaction)
  if (recorded) return `received ${methodWords[recorded.method]}${recorded.reference ? ` (reference ${recorded.reference})` : ''}`
  const how = providerWords[transaction.provider] ?? `via ${transaction.provider}`
  const through = transaction.details.payLink ? ' through the pay link' : ''
  return `received ${how}${through} (reference ${transaction.reference})`
}

export function isSettled(row: Pick<TransactionRow, 'status' | 'details'>): boolean {
  return row.status === 'success' || row.details.failure === 'mismatch'
}

/**
 * Acks the order (if it was not yet), notes the payment on its timeline and tells staff. Called inside the
 * transaction that marked `transaction` paid, after locking it (locks: transaction, then order).
 */
export async function recordPaymentOnOrder(tx: ServiceContext, transaction: TransactionRow, actorId: string | null, extra = ''): Promise<void> {
  const order = await lockOrder(tx, transaction.orderId)
  if (!order) throw NotFound('No such order')
  await ackOrder(tx, order.id)
  await syncCustomer(tx, order)
  let note = `Payment of ${formatMinor(transaction.amountMinor, transaction.currency)} ${receivedWords(transaction)}${extra}`
  const recorded = recordedPayment(transaction) !== null
  const ledger = await orderLedgerNow(tx, order)
  // Staff never record more than the balance; a provider's payment beyond what is owed is a refund to make.
  if (!recorded && ledger.netPaidMinor > ledger.totalInclTaxMinor) note += '. The order was already paid: refund one payment'
  if (order.status === 'canceled') note += '. The order is canceled: refund the payment'
  else if (ledger.balanceMinor > 0) note += `. Balance due ${formatMinor(ledger.balanceMinor, order.currency)}`
  else if (recorded) note += '. Paid in full'
  await noteOnTimeline(tx, order, note, actorId)
  // The payment that paid it in full: whoever shared its checkout hears it is paid (decision 68).
  const paidNow = order.status !== 'canceled' && ledger.balanceMinor === 0 && ledger.netPaidMinor - transaction.amountMinor < ledger.totalInclTaxMinor
  if (paidNow) await sendCheckoutPaidMessages(tx, order)
  await sendPaymentMessage(tx, order, { transactionId: transaction.id, outcome: 'received', note: `${formatMinor(transaction.amountMinor, transaction.currency)} received.` })
  await notifyStaff(
    tx,
    order.shopId,
    'orders.move',
    { type: 'payment-received', title: `Payment received for order ${order.orderId}`, body: note, link: `/admin/orders?order=${order.id}` },
    actorId ?? undefined,
  )
}

/** Applies what the provider said to the attempt, once, under the attempt's row lock. */
export async function applyVerification(ctx: ServiceContext, id: string, result: VerifyResult): Promise<Settled> {
  return inTransaction(ctx, async (txCtx) => {
    const tx = txCtx.db
    const current = await findTransactionForUpdate(tx, id)
    if (!current) throw NotFound('No such transaction')
    if (isSettled(current) || result.status === 'pending') return { transaction: current, changed: false }
    const verification = {
      status: result.status,
      amountMinor: result.amountMinor,
      currency: result.currency,
      raw: result.raw,
      at: ctx.clock.now().toISOString(),
    }

    if (result.status === 'failed') {
      if (current.status === 'failed' && current.details.failure === 'declined') return { transaction: current, changed: false }
      const row = await updateTransaction(tx, id, {
        status: 'failed',
        details: { failure: 'declined', error: 'The payment was declined or canceled', verification },
      })
      const order = await lockOrder(txCtx, row.orderId)
      if (order && !order.acked && order.status !== 'canceled') {
        await sendPaymentMessage(txCtx, order, { transactionId: row.id, outcome: 'failed', note: 'The payment was declined or canceled.' })
      }
      return { transaction: row, changed: true }
    }

    const problems: string[] = []
    if (result.currency !== current.currency) problems.push(`it was in ${result.currency || 'an unknown currency'}, not ${current.currency}`)
    if (result.amountMinor !== current.amountMinor) {
      problems.push(`${result.amountMinor >= 0 ? formatMinor(result.amountMinor, result.currency || current.currency) : 'an unknown amount'} was paid, not ${formatMinor(current.amountMinor, current.currency)}`)
    }
    if (problems.length) {
      ctx.log.warn({ transaction: id, provider: current.provider, problems }, 'payment does not match its transaction')
      const row = await updateTransaction(tx, id, {
        status: 'failed',
        details: { failure: 'mismatch', error: `The payment does not match the order: ${problems.join('; ')}`, verification },
      })
      return { transaction: row, changed: true }
    }

    const row = await updateTransaction(tx, id, { status: 'success', details: { verification } })
    await recordPaymentOnOrder(txCtx, row, null)
    return { transaction: row, changed: true }
  })
}

/** Asks the attempt's provider and settles it. 409 for a provider that cannot verify; 502 when it cannot be reached. */
export async function verifyTransaction(ctx: ServiceContext, row: TransactionRow): Promise<Settled> {
  const provider = paymentProvider(ctx, row.provider)
  if (!provider) throw Conflict(`${providerNames[row.provider] ?? row.provider} payments are not available on this server`)
  if (!provider.instant) {
    throw Conflict('A payment on delivery or at pick-up is recorded by the shop\'s staff; there is nothing to verify', [
      { path: 'action', message: 'verify is only for online payments' },
    ])
  }
  if (isSettled(row)) return { transaction: row, changed: false }
  let result: VerifyResult
  try {
    result = await provider.verify(row.reference)
  } catch (error) {
    if (error instanceof ProviderError) {
      ctx.log.warn({ transaction: row.id, provider: row.provider, detail: error.detail }, error.message)
      throw BadGateway(error.message)
    }
    throw error
  }
  return applyVerification(ctx, row.id, result)
}

/** Staff record a payment on delivery or at pick-up as received. Unchanged when it already is. */
export async function recordManualPayment(ctx: ServiceContext, id: string, actorId: string, note: string): Promise<Settled> {
  return inTransaction(ctx, async (txCtx) => {
    const tx = txCtx.db
    const current = await findTransactionForUpdate(tx, id)
    if (!current) throw NotFound('No such transaction')
    if (current.status === 'success') return { transaction: current, changed: false }
    const row = await updateTransaction(tx, id, {
      status: 'success',
      details: { recordedBy: actorId, recordedAt: ctx.clock.now().toISOString(), ...(note ? { note } : {}) },
    })
    await recordPaymentOnOrder(txCtx, row, actorId, note ? `: ${note}` : '')
    return { transaction: row, changed: true }
  })
}

