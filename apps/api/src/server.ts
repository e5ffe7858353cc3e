/**
 * Starts the platform: open (or create) the database, migrate, seed the demo shop on an empty database,
 * serve web + API, and shut down gracefully on SIGTERM/SIGINT (on SIGTERM /readyz answers 503 for
 * DRAIN_SECONDS first; then in-flight requests finish, new ones get 503, the database closes cleanly).
 *
 * This process is a small primary (cluster.ts). Migrating and seeding run first in a short-lived child
 * (`server.js --prepare`), so what they take (PGlite's first initdb, the image renderer's buffers) goes
 * back to the system when it exits. Then WEB_CONCURRENCY workers (one on PGlite) serve on the same port;
 * the primary replaces a worker that dies and drains them all on SIGTERM.
 */
import { fork } from 'node:child_process'
import cluster from 'node:cluster'
import { type Config, ConfigError, loadConfig } from './config'
import type { Prepared } from './prepare-database'
import { demoLogins } from './seed/demo-profile'

/** The demo's logins, when its accounts still open with the published password. */
function demoLines({ seeded, demoAccounts }: Prepared): string[] {
  if (!demoAccounts.length) return []
  return [
    `  Demo logins${seeded ? ' (just seeded)' : ''}, password ${demoLogins.password}:`,
    ...demoLogins.users.filter((u) => demoAccounts.includes(u.email)).map((u) => `    ${u.email.padEnd(22)} ${u.role}`),
    '',
  ]
}

/**
 * In production, demo accounts with the published password are open doors: said loudly at every start that
 * did not ask for the demo (SEED_DEMO=1, as the quick start does), until they are gone or their passwords
 * changed.
 */
function productionDemoWarning(config: Config, { demoAccounts }: Prepared): string | null {
  if (config.nodeEnv !== 'production' || config.seedDemo || !demoAccounts.length) return null
  const rule = '!'.repeat(78)
  return [
    rule,
    `!! WARNING: this production database has demo accounts with the published password "${demoLogins.password}":`,
    ...demoAccounts.map((email) => `!!   ${email}`),
    '!! Anyone can log in with them. Delete the demo shop and these accounts, or change their passwords.',
    '!! (The demo is seeded only when SEED_DEMO=1 is set with NODE_ENV=production.)',
    rule,
  ].join('\n')
}

function banner(config: Config, port: number, prepared: Prepared): string {
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
      : config.devMailbox === 'off'
        ? '  E-mail:     not sent (no SMTP_URL): set SMTP_URL to send it'
        : `  Mailbox:    http://${host}:${port}/dev/mailbox (no SMTP_URL: e-mail is kept there)`,
    '',
    ...demoLines(prepared),
  ].join('\n')
}

/** Runs `prepareDatabase` in a child process (this script with `--prepare`); resolves with what it found. */
function prepareInChild(): Promise<Prepared> {
  const child = fork(process.argv[1]!, ['--prepare'], { stdio: 'inherit' })
  let prepared: Prepared = { seeded: false, demoAccounts: [] }
  child.on('message', (message: Prepared) => (prepared = message))
  return new Promise((resolve, reject) => {
    child.on('error', reject)
    child.on('exit', (code) => (code === 0 ? resolve(prepared) : reject(new ConfigError(`preparing the database failed (exit code ${code})`))))
  })
}

/** A worker: serves requests until SIGTERM or SIGINT. */
async function serve(config: Config): Promise<void> {
  const { openDatabase } = await import('./db/client')
  const { buildApp } = await import('./app')
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    poolMode: config.databasePoolMode,
    replicaUrl: config.databaseReplicaUrl,
    onIdleError: (error) => console.error(`database connection lost (it will be replaced): ${error.message}`),
  })
  const app = await buildApp({ config, database })
  // PGlite: `npm run backup` asks this process for its snapshot (backup.ts, docs/decisions/0104).
  const stopBackups =
    database.kind === 'pglite'
      ? await (await import('./backup')).serveBackups(config.dataDir, database, (error) => app.log.error({ err: error }, 'backup failed'))
      : null
  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    // SIGTERM (a deploy, an orchestrator) first drains: /readyz says 503 while requests are still served,
    // so the load balancer takes this server out before it closes. Ctrl-C (SIGINT) stops at once.
    const graceMs = signal === 'SIGTERM' ? config.drainGraceMs : 0
    app.readiness.drain()
    app.log.info({ signal, graceMs }, 'shutting down')
    const force = setTimeout(() => process.exit(1), graceMs + 10_000)
    force.unref()
    if (graceMs) await new Promise((resolve) => setTimeout(resolve, graceMs))
    try {
      await app.close()
      await stopBackups?.()
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
}

async function main() {
  const config = loadConfig()
  if (cluster.isWorker) return serve(config)
  if (process.argv.includes('--prepare')) {
    const { prepareDatabase } = await import('./prepare-database')
    const prepared = await prepareDatabase(config)
    process.send?.(prepared, () => process.exit(0))
    return
  }
  const prepared = await prepareInChild()
  const warning = productionDemoWarning(config, prepared)
  if (warning) console.error(warning)
  const { superviseWorkers } = await import('./cluster')
  const workers = superviseWorkers(config.webConcurrency)
  console.log(banner(config, await workers.listening, prepared))
  if (warning) console.error(warning)
  process.exit(await workers.stopped)
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : error)
  process.exit(1)
})
