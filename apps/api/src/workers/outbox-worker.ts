/**
 * The outbox worker of every app process (docs/decisions/0031-outbox.md): every OUTBOX_POLL_MS it sends
 * what is due, batch after batch until nothing is. Several processes may run it on one database: each
 * claims different rows (SKIP LOCKED). `stop` (on SIGTERM, through the app's close) claims nothing more
 * and waits for the batch in hand to be sent.
 */
import type { ServiceContext } from '../context'
import type { Channels } from '../modules/messages/channels'
import { BATCH_SIZE, deliverDueMessages } from '../modules/messages/deliver-messages'
import type { Worker } from './unpaid-order-sweep'

export type OutboxWorker = Worker & {
  /** Sends everything due now (what a poll does), resolving when it is done. */
  drain(): Promise<void>
}

export function outboxWorker(ctx: ServiceContext, channels: Channels, everyMs: number): OutboxWorker {
  let running: Promise<void> | null = null
  let timer: NodeJS.Timeout | undefined
  let stopping = false

  const sendDue = async () => {
    try {
      while (!stopping && (await deliverDueMessages(ctx, channels)).claimed === BATCH_SIZE) {
        // A full batch: there may be more due.
      }
    } catch (error) {
      ctx.log.error({ err: error }, 'the outbox worker failed; it tries again at its next poll')
    }
  }
  const drain = () => {
    running ??= sendDue().finally(() => {
      running = null
    })
    return running
  }

  return {
    drain,
    start() {
      if (everyMs <= 0) return
      timer = setInterval(() => void drain(), everyMs)
      timer.unref()
      void drain()
    },
    async stop() {
      stopping = true
      clearInterval(timer)
      await running
      channels.email.close()
    },
  }
}
