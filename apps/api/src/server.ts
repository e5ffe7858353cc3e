/**
 * Starts the platform: open (or create) the database, migrate, seed the demo shop on an empty database,
 * serve web + API, and shut down gracefully on SIGTERM/SIGINT (in-flight requests finish, new ones get
 * 503, the database closes cleanly).
 *
 * This process is a small primary (cluster.ts). Migrating and seeding run first in a short-lived child
 * (`server.js --prepare`), so what they take (PGlite's first initdb, the image renderer's buffers) goes
 * back to the system when it exits. Then WEB_CONCURRENCY workers (one on PGlite) serve on the same port;
 * the primary replaces a worker that dies and drains them all on SIGTERM.
 */
import { fork } from 'node:child_process'
import cluster from 'node:cluster'
import { type Config, ConfigError, loadConfig } from './config'
import { demoLogins } from './seed/demo-profile'

function banner(config: Config, port: number, seeded: boolean): string {
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

/** Runs `prepareDatabase` in a child process (this script with `--prepare`); resolves with whether it seeded. */
function prepareInChild(): Promise<boolean> {
  const child = fork(process.argv[1]!, ['--prepare'], { stdio: 'inherit' })
  let seeded = false
  child.on('message', (message: { seeded?: boolean }) => (seeded = message.seeded === true))
  return new Promise((resolve, reject) => {
    child.on('error', reject)
    child.on('exit', (code) => (code === 0 ? resolve(seeded) : reject(new ConfigError(`preparing the database failed (exit code ${code})`))))
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
}

async function main() {
  const config = loadConfig()
  if (cluster.isWorker) return serve(config)
  if (process.argv.includes('--prepare')) {
    const { prepareDatabase } = await import('./prepare-database')
    const seeded = await prepareDatabase(config)
    process.send?.({ seeded }, () => process.exit(0))
    return
  }
  const seeded = await prepareInChild()
  const { superviseWorkers } = await import('./cluster')
  const workers = superviseWorkers(config.webConcurrency)
  console.log(banner(config, await workers.listening, seeded))
  process.exit(await workers.stopped)
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : error)
  process.exit(1)
})
