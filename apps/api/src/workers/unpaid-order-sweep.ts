/**
 * The background worker of every app process that reminds unpaid online orders to pay halfway to their
 * shop's timeout and cancels them past it, and cancels shoppers' pay-on-delivery orders the shop did not
 * confirm by their deadline (payments/expire-unpaid-orders.ts), every UNPAID_ORDER_SWEEP_SECONDS. Several
 * processes may sweep at once: each reminder is claimed once (`reminded_at`), and each order is locked
 * (SKIP LOCKED) and expired once. It runs with the context it is given (the
 * app builds one with createContext and the system actor); `stop` ends the timer and waits for a sweep
 * under way.
 */
import type { ServiceContext } from '../context'
import { expireUnconfirmedOrders, expireUnpaidOrders, sendPaymentReminders } from '../modules/payments/expire-unpaid-orders'

export type Worker = { start(): void; stop(): Promise<void> }

export function unpaidOrderSweep(ctx: ServiceContext, everyMs: number): Worker {
  let running: Promise<void> | null = null
  let timer: NodeJS.Timeout | undefined
  const sweep = () => {
    running ??= sendPaymentReminders(ctx)
      .then((reminded) => {
        if (reminded) ctx.log.info({ reminded }, 'reminded unpaid online orders to pay')
      })
      .catch((error: unknown) => ctx.log.error({ err: error }, 'the payment-reminder sweep failed'))
      .then(() => expireUnpaidOrders(ctx))
      .then((canceled) => {
        if (canceled) ctx.log.info({ canceled }, 'canceled unpaid orders past their timeout')
      })
      .catch((error: unknown) => ctx.log.error({ err: error }, 'the unpaid-order sweep failed'))
      // One failing does not keep the other from running.
      .then(() => expireUnconfirmedOrders(ctx))
      .then((canceled) => {
        if (canceled) ctx.log.info({ canceled }, 'canceled pay-on-delivery orders not confirmed in time')
      })
      .catch((error: unknown) => ctx.log.error({ err: error }, 'the unconfirmed-order sweep failed'))
      .finally(() => {
        running = null
      })
  }
  return {
    start() {
      timer = setInterval(sweep, everyMs)
      timer.unref()
    },
    async stop() {
      clearInterval(timer)
      await running
    },
  }
}
