/**
 * One app process's outbox worker, as a separate OS process for outbox-processes.test.ts:
 * `node --import tsx apps/api/test/outbox-process.ts` with DATABASE_URL and SMTP_URL. MODE=drain (the
 * default) sends what is due until nothing is, then prints how many it sent and exits; MODE=claim claims
 * every due message, prints how many, and hangs (the test kills it: a process dying mid-send).
 * CLOCK_OFFSET_MS moves this process's clock forward (a later restart).
 */
import { systemActor } from '../src/actor'
import { loadConfig } from '../src/config'
import { createContext } from '../src/context'
import { openDatabase } from '../src/db/client'
import { LEASE_MS } from '../src/modules/messages/backoff'
import { createChannels } from '../src/modules/messages/channels'
import { deliverDueMessages } from '../src/modules/messages/deliver-messages'
import { claimDueMessages } from '../src/modules/messages/outbox.repository'

const env = process.env
const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: env.DATABASE_URL, SMTP_URL: env.SMTP_URL, ROOT_DOMAIN: 'shops.test', WEB_BUILD_DIR: 'off' })
const offset = Number(env.CLOCK_OFFSET_MS ?? 0)
const clock = { now: () => new Date(Date.now() + offset) }
const database = await openDatabase({ url: config.databaseUrl })
const ctx = createContext({ database, config, actor: systemActor, clock })

if (env.MODE === 'claim') {
  const now = clock.now()
  const claimed = await claimDueMessages(database.db, now, new Date(now.getTime() + LEASE_MS), 1000)
  console.log(`claimed ${claimed.length}`)
  setInterval(() => {}, 60_000)
} else {
  const channels = createChannels(config, database.db, clock)
  let sent = 0
  for (;;) {
    const report = await deliverDueMessages(ctx, channels)
    sent += report.sent
    if (report.claimed === 0) break
  }
  channels.email.close()
  await database.close()
  console.log(`sent ${sent}`)
}
