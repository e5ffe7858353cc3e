/**
 * Starts the platform: open (or create) the database, migrate, seed the demo shop on an empty database,
 * serve web + API, and shut down gracefully on SIGTERM/SIGINT (in-flight requests finish, new ones get
 * 503, the database closes cleanly).
 */
import { buildApp } from './app'
import { ConfigError, loadConfig } from './config'
import { openDatabase } from './db/client'
import { localStorage } from './lib/storage'
import { demoLogins, seedDemoIfEmpty } from './seed/demo'

async function main() {
  const config = loadConfig()
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    poolMode: config.databasePoolMode,
    replicaUrl: config.databaseReplicaUrl,
    onIdleError: (error) => console.error(`database connection lost (it will be replaced): ${error.message}`),
  })
  await database.migrate()
  const seeded = config.seedDemo ? await seedDemoIfEmpty({ database, config, storage: localStorage(config.dataDir) }) : false

  const app = await buildApp({ config, database })
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
  const port = (app.server.address() as { port: number }).port
  const shopUrl = (slug: string) => `http://${slug}.${config.rootDomain.replace(/:\d+$/, '')}:${port}`
  const lines = [
    '',
    `  ${config.providerName} is running (${database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL'})`,
    `  Platform:   http://${config.rootDomain.replace(/:\d+$/, '')}:${port}`,
    `  Demo shop:  ${shopUrl('demo')}`,
    `  API docs:   http://${config.rootDomain.replace(/:\d+$/, '')}:${port}/api/docs`,
    config.smtpUrl
      ? `  E-mail:     sent through ${new URL(config.smtpUrl).host}`
      : `  Mailbox:    http://${config.rootDomain.replace(/:\d+$/, '')}:${port}/dev/mailbox (no SMTP_URL: e-mail is kept there)`,
    '',
    `  Demo logins${seeded ? ' (just seeded)' : ''}, password ${demoLogins.password}:`,
    ...demoLogins.users.map((u) => `    ${u.email.padEnd(22)} ${u.role}`),
    '',
  ]
  console.log(lines.join('\n'))
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : error)
  process.exit(1)
})
