/**
 * `npm start` as an operator and a newcomer run it (its script, by the shell, without the build): the quick
 * start serves the demo shop; `NODE_ENV=production` seeds nothing unless SEED_DEMO=1, and a production start
 * that finds demo accounts with the published password says so loudly.
 */
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { demoLogins } from '../src/seed/demo-profile'
import { freePort, startScript, startServer, stopServer } from './server-process'

const dirs: string[] = []
// The shell `npm start` runs exits at SIGTERM before its server has closed the database: files may still be
// written while the directory is removed, so removing retries.
afterAll(() => Promise.all(dirs.map((dir) => fs.rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 }))))

async function start(env: Record<string, string | undefined>) {
  const dataDir = env.DATA_DIR ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'shop-start-test-')))
  dirs.push(dataDir)
  const port = await freePort()
  // The suite runs with NODE_ENV=test: what the operator did not set is unset here.
  const server = await startServer({ NODE_ENV: undefined, SEED_DEMO: undefined, PORT: String(port), DATA_DIR: dataDir, ...env }, startScript())
  return { ...server, port, dataDir }
}

async function ownerLogin(port: number): Promise<number> {
  const response = await fetch(`http://127.0.0.1:${port}/api/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: demoLogins.users[0]!.email, password: demoLogins.password }),
  })
  return response.status
}

describe('npm start', () => {
  it('seeds nothing in production unless SEED_DEMO=1: no demo logins printed, none accepted', async () => {
    const server = await start({ NODE_ENV: 'production' })
    try {
      expect(server.output()).not.toContain('Demo logins')
      expect(server.output()).not.toContain(demoLogins.password)
      // Without SMTP_URL, production keeps no mailbox to read reset links from.
      expect(server.output()).toContain('E-mail:     not sent (no SMTP_URL)')
      expect((await fetch(`http://127.0.0.1:${server.port}/dev/mailbox`)).status).toBe(404)
      expect(await ownerLogin(server.port)).toBe(401)
      const shop = await fetch(`http://127.0.0.1:${server.port}/api/shops/demo`)
      expect(shop.status).toBe(404)
    } finally {
      await stopServer(server)
    }
  }, 120_000)

  it('keeps the quick start’s demo, and a production start on that database warns of its known passwords', async () => {
    const quick = await start({})
    try {
      expect(quick.output()).toContain('Demo logins (just seeded)')
      expect(quick.output()).not.toContain('WARNING')
      expect(quick.output()).toContain('/dev/mailbox')
      expect((await fetch(`http://127.0.0.1:${quick.port}/dev/mailbox`)).status).toBe(200)
      expect(await ownerLogin(quick.port)).toBe(201)
    } finally {
      await stopServer(quick)
    }

    const production = await start({ NODE_ENV: 'production', DATA_DIR: quick.dataDir })
    try {
      const output = production.output()
      expect(output).toContain(`WARNING: this production database has demo accounts with the published password "${demoLogins.password}"`)
      for (const { email } of demoLogins.users) expect(output).toContain(`!!   ${email}`)
    } finally {
      await stopServer(production)
    }
  }, 240_000)
})
