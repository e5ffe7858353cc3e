/**
 * Starts the platform: open (or create) the database, migrate, seed the demo shop on an empty database,
 * serve web + API, and shut down gracefully on SIGTERM/SIGINT (in-flight requests finish, new ones get
 * 503, the database closes cleanly).
 *
 * With WEB_CONCURRENCY above 1 (PostgreSQL only) this process becomes the primary of that many workers
 * (cluster.ts): it migrates and seeds once, then each worker serves on the same port.
 */
import cluster from 'node:cluster'
import { type Config, ConfigError, loadConfig } from './config'
import { openDatabase } from './db/client'
import { openStorage } from './lib/open-storage'

const onIdleError = (error: Error) => console.error(`database connection lost (it will be replaced): ${error.message}`)

/** Migrates (under a lock every process takes) and seeds the demo shop on an empty database when asked. */
async function prepareDatabase(config: Config): Promise<boolean> {
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, onIdleError })
  try {
    await database.migrate()
    if (!config.seedDemo) return false
    const { seedDemoIfEmpty } = await import('./seed/demo')
    return await seedDemoIfEmpty({ database, config, storage: await openStorage(config) })
  } finally {
    await database.close()
  }
}

async function banner(config: Config, port: number, seeded: boolean): Promise<string> {
  const { demoLogins } = await import('./seed/demo')
  const host = config.rootDomain.replace(/:\d+$/, '')
  const shopUrl = (slug: string) => `http://${slug}.${host}:${port}`
  const workers = config.webConcurrency > 1 ? `, ${config.webConcurrency} workers` : ''
  return [
    '',
    `  ${config.providerName} is running (${config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`}${workers})`,
    `  Platform:   http://${host}:${port}`,
    `  Demo shop:  ${shopUrl('demo')}`,
    `  API docs:   http://${host}:${port}/api/docs`,
    config.smtpUrl
      ? `  E-mail:     sent through ${new URL(config.smtpUrl).host}`
      : `  Mailbox:    http://${host}:${port}/dev/mailbox (no SMTP_URL: e-mail is kept there)`,
    '',
    `  Demo logins${seeded ? ' (just seeded)' : ''}, password ${demoLogins.password}:`,
    ...demoLogins.users.map((u) => `    ${u.email.padEnd(22)} ${u.role}`),
    '',
  ].join('\n')
}

/** Serves requests in this process until SIGTERM or SIGINT; `prepare` migrates and seeds first (no primary did). */
async function serve(config: Config, prepare: boolean): Promise<void> {
  const { buildApp } = await import('./app')
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, onIdleError })
  let seeded = false
  if (prepare) await database.migrate()
  const app = await buildApp({ config, database })
  if (prepare && config.seedDemo) {
    const { seedDemoIfEmpty } = await import('./seed/demo')
    seeded = await seedDemoIfEmpty({ database, config, storage: app.storage })
  }
  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'shutting down')
    const force = setTimeout(() => process.exit(1), 10_000)
    force.unref()
    try {
      await app.close()
      await database.close()
      process.exit(0)
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed')
      process.exit(1)
    }
  }
  process.once('SIGTERM', () => void shutdown('SIGTERM'))
  process.once('SIGINT', () => void shutdown('SIGINT'))

  await app.listen({ host: config.host, port: config.port })
  if (prepare) console.log(await banner(config, (app.server.address() as { port: number }).port, seeded))
}

async function main() {
  const config = loadConfig()
  if (cluster.isWorker) return serve(config, false)
  if (config.webConcurrency === 1) return serve(config, true)
  const seeded = await prepareDatabase(config)
  const { superviseWorkers } = await import('./cluster')
  const workers = superviseWorkers(config.webConcurrency)
  console.log(await banner(config, await workers.listening, seeded))
  process.exit(await workers.stopped)
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : error)
  process.exit(1)
})
