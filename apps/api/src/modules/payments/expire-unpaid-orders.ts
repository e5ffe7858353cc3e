/**
 * Unpaid orders give their stock back (docs/security.md): an order paid online whose payment has not come
 * within its shop's timeout (default 30 minutes) is canceled, its stock returned and its open payment
 * attempts closed, with a note on its timeline. So a script placing orders it never pays cannot hold a
 * shop's stock for long. Likewise a shopper's order paid on delivery or at pick-up that the shop has not
 * confirmed by its deadline (the shop's window, 48 hours by default; decision 52).
 *
 * Halfway to the timeout, such an order gets one reminder to pay with its pay link (`sendPaymentReminders`).
 *
 * Run by the background worker in every app process (workers/unpaid-order-sweep.ts). Before canceling, the
 * provider is asked about each attempt still pending: a payment made at the last moment settles the order
 * instead, and a provider that cannot answer now leaves the order for the next sweep.
 */
import { setImmediate as nextTurn } from 'node:timers/promises'
import { hoursWords } from '@shop/domain'
import { type ServiceContext, inTransaction } from '../../context'
import { HttpError } from '../../lib/errors'
import {
  cancelUnconfirmedOrder,
  lockUnconfirmedOrderForExpiry,
  lockUnpaidOrderForExpiry,
  recordStatusChange,
  unconfirmedOrdersDue,
  unpaidOrdersDue,
} from '../orders/order.service'
import { remindUnpaidOrders } from '../orders/pay-links'
import { verifyTransaction } from './settle-payment'
import { abandonPendingTransactions, listPendingTransactions } from './transaction.repository'

/** The most orders one sweep reminds, and the most it cancels of each kind. */
const BATCH = 100
/** Reminders claimed and sent in one transaction. */
const REMINDERS_AT_ONCE = 10

/**
 * PGlite answers a query without giving the event loop a turn: a sweep that went from one order to the next
 * straight away would hold every other request of the process until its last order (100 orders canceled at
 * once took 1.8 s). Between two orders, or two transactions of reminders, other requests go first.
 */
const othersFirst = () => nextTurn()

/** "30 minutes", "1 hour", "1 hour 30 minutes". */
export function timeoutWords(minutes: number): string {
  const hours = Math.floor(minutes / 60)
  const rest = minutes % 60
  const part = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`
  return [hours ? part(hours, 'hour') : '', rest || !hours ? part(rest, 'minute') : ''].filter(Boolean).join(' ')
}

/** False when the provider says an attempt was paid (now settled) or cannot say right now. */
async function stillUnpaid(ctx: ServiceContext, orderId: string): Promise<boolean> {
  for (const attempt of await listPendingTransactions(ctx.db, orderId)) {
    try {
      const settled = await verifyTransaction(ctx, attempt)
      if (settled.transaction.status === 'success') return false
    } catch (error) {
      // 502: the provider could not be asked; anything else (a provider this server no longer offers) means
      // no payment can arrive through it.
      if (error instanceof HttpError && error.code === 502) return false
      if (!(error instanceof HttpError)) throw error
    }
  }
  return true
}

/**
 * Cancels the unpaid orders that are due; answers how many it canceled. Runs as whoever `ctx` names (the
 * worker: the system); the cancellation is recorded without an actor.
 */
export async function expireUnpaidOrders(ctx: ServiceContext): Promise<number> {
  let canceled = 0
  for (const { id, timeoutMinutes } of await unpaidOrdersDue(ctx, BATCH)) {
    await othersFirst()
    if (!(await stillUnpaid(ctx, id))) continue
    const expired = await inTransaction(ctx, async (tx) => {
      const order = await lockUnpaidOrderForExpiry(tx, id)
      if (!order) return false
      await abandonPendingTransactions(tx.db, order.shopId, order.id)
      await recordStatusChange(tx, order, {
        status: 'canceled',
        note: `Canceled automatically: the payment did not arrive within ${timeoutWords(timeoutMinutes)}. The items are back in stock.`,
        actorId: null,
      })
      return true
    })
    if (expired) canceled++
  }
  return canceled
}

/**
 * Sends the one reminder to pay (with the pay link) to each online order still unpaid halfway to its shop's
 * timeout, in shops that keep reminders on (decision 63); answers how many were reminded. Each order is
 * claimed by setting its `reminded_at`, so two processes sweeping at once remind it once.
 */
export async function sendPaymentReminders(ctx: ServiceContext): Promise<number> {
  let reminded = 0
  for (let claimed = 0; claimed < BATCH; ) {
    if (claimed > 0) await othersFirst()
    const asked = Math.min(REMINDERS_AT_ONCE, BATCH - claimed)
    const round = await remindUnpaidOrders(ctx, asked)
    reminded += round.reminded
    if (round.claimed < asked) break
    claimed += round.claimed
  }
  return reminded
}

const HOUR = 60 * 60 * 1000

/**
 * Cancels the shoppers' pay-on-delivery orders whose deadline passed before the shop confirmed them (moved
 * them past placed, or recorded a payment); answers how many. Each gives its stock back, says why on its
 * timeline and tells the buyer. Runs as the system, like `expireUnpaidOrders`.
 */
export async function expireUnconfirmedOrders(ctx: ServiceContext): Promise<number> {
  let canceled = 0
  for (const id of await unconfirmedOrdersDue(ctx, BATCH)) {
    await othersFirst()
    const expired = await inTransaction(ctx, async (tx) => {
      const order = await lockUnconfirmedOrderForExpiry(tx, id)
      if (!order) return false
      const hours = Math.round((order.confirmBy!.getTime() - order.createdAt.getTime()) / HOUR)
      const paying = order.delivery.type === 'pick-up' ? 'at pick-up' : 'on delivery'
      await cancelUnconfirmedOrder(
        tx,
        order,
        `Canceled automatically: the shop did not confirm this order, to pay ${paying}, within ${hoursWords(hours)}. The items are back in stock.`,
      )
      return true
    })
    if (expired) canceled++
  }
  return canceled
}
