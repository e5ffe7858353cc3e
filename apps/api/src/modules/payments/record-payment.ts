/**
 * Staff record a payment they received themselves (POST /api/transactions/): cash, mobile money to the
 * shop's number, or a bank transfer, in full or in part. It settles through the same path as a provider's
 * payment (settle-payment.ts: the order acked, a timeline note with the balance, staff told), as a new
 * successful attempt of the order. ADR 0034 says why: over-payments and canceled orders are refused (there is
 * nothing to collect: a refund is not a payment), and the payer's reference stays out of the unique
 * provider reference (staff type it, so it may repeat, and that key does not include the shop).
 */
import { formatMinor, isMajorAmount, toMinor } from '@shop/domain'
import { type ServiceContext, inTransaction } from '../../context'
import { Conflict, NotAuthenticated, NotFound, invalidBody } from '../../lib/errors'
import { findOrderRow, lockOrder, orderLedgerNow } from '../orders/order.service'
import { transactionDto } from './payments.dto'
import type { TransactionCreateInput, TransactionDto } from './payments.schemas'
import { type RecordedPayment, recordPaymentOnOrder } from './settle-payment'
import { newReference } from './start-payment'
import { insertTransaction, lockPendingTransactions, updateTransaction } from './transaction.repository'

export async function recordPayment(ctx: ServiceContext, input: TransactionCreateInput): Promise<TransactionDto> {
  const user = ctx.actor.user
  if (!user) throw NotAuthenticated()
  const found = await findOrderRow(ctx, input.order)
  if (!found) throw NotFound('No such order')
  await ctx.actor.authorize(found.shopId, 'orders.move')
  if (!isMajorAmount(input.amount)) invalidBody([{ path: 'amount', message: 'must have at most two decimals' }])
  const amountMinor = toMinor(input.amount)
  const recorded: RecordedPayment = { method: input.method, reference: input.reference?.trim() || null, note: input.note?.trim() ?? '' }

  const row = await inTransaction(ctx, async (tx) => {
    // The lock order settling uses: the attempts, then the order.
    const pending = await lockPendingTransactions(tx.db, found.shopId, found.id)
    const order = await lockOrder(tx, found.id)
    if (!order) throw NotFound('No such order')
    if (order.status === 'canceled') {
      throw Conflict(`Order ${order.orderId} is canceled: there is nothing to pay`, [{ path: 'order', message: 'is canceled' }])
    }
    const balance = (await orderLedgerNow(tx, order)).balanceMinor
    if (balance === 0) throw Conflict(`Order ${order.orderId} is already paid in full`, [{ path: 'amount', message: 'nothing is due on this order' }])
    if (amountMinor > balance) {
      const due = formatMinor(balance, order.currency)
      throw Conflict(`The balance due on order ${order.orderId} is ${due}`, [{ path: 'amount', message: `is more than the balance due (${due})` }])
    }
    const at = ctx.clock.now()
    const inserted = await insertTransaction(tx.db, {
      shopId: order.shopId,
      orderId: order.id,
      provider: 'manual',
      reference: newReference(order),
      amountMinor,
      currency: order.currency,
      status: 'success',
      details: { recorded, recordedBy: user.id, recordedAt: at.toISOString() },
      createdAt: at,
      updatedAt: at,
    })
    // The payment on delivery the order was opened with is now what staff record, payment by payment.
    for (const attempt of pending.filter((candidate) => candidate.provider === 'manual')) {
      await updateTransaction(tx.db, attempt.id, { status: 'abandoned', details: { replacedBy: inserted.id } })
    }
    await recordPaymentOnOrder(tx, inserted, user.id, recorded.note ? `: ${recorded.note}` : '')
    return inserted
  })
  return transactionDto(row)
}
