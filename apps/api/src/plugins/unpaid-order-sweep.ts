/**
 * The background worker of every app process that cancels unpaid online orders past their shop's timeout
 * (payments/expire-unpaid-orders.ts), every UNPAID_ORDER_SWEEP_SECONDS. Several processes may sweep at
 * once: each order is locked (SKIP LOCKED) and expired once. Closing the app stops the timer and waits
 * for a sweep under way.
 */
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { systemActor } from '../actor'
import { createContext } from '../context'
import { expireUnpaidOrders } from '../modules/payments/expire-unpaid-orders'

export default fp(async function unpaidOrderSweep(app: FastifyInstance) {
  const every = app.config.unpaidOrderSweepMs
  if (every === 0) return
  // The worker acts as the system, with the app's shared parts (one context for every sweep).
  const ctx = createContext({
    database: app.database,
    config: app.config,
    storage: app.storage,
    counters: app.counters,
    imageLimiter: app.imageLimiter,
    log: app.log,
    actor: systemActor,
  })
  let running: Promise<void> | null = null
  const sweep = () => {
    running ??= expireUnpaidOrders(ctx)
      .then((canceled) => {
        if (canceled) app.log.info({ canceled }, 'canceled unpaid orders past their timeout')
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'the unpaid-order sweep failed'))
      .finally(() => {
        running = null
      })
  }
  let timer: NodeJS.Timeout | undefined
  app.addHook('onReady', async () => {
    timer = setInterval(sweep, every)
    timer.unref()
  })
  app.addHook('onClose', async () => {
    clearInterval(timer)
    await running
  })
})
