/**
 * The real server process: starts on an empty data directory, and on SIGTERM lets an in-flight request
 * finish, refuses new ones, closes the database cleanly and exits 0.
 */
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../src/db/client'
import { shops } from '../src/db/schema'
import { freePort, slowRequest, startServer } from './server-process'

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-server-test-'))
afterAll(() => fs.rm(dataDir, { recursive: true, force: true }))

describe('server process', () => {
  it('creates and migrates the database, then shuts down gracefully on SIGTERM', async () => {
    const port = await freePort()
    const { child, output } = await startServer({ PORT: String(port), DATA_DIR: dataDir })
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve))
    // Nothing was seeded (SEED_DEMO=0), so no demo logins are announced.
    expect(output()).not.toContain('Demo logins')

    const health = await fetch(`http://127.0.0.1:${port}/api/request-login?redir=${encodeURIComponent(`http://localhost:${port}`)}`)
    expect(health.status).toBe(200)

    const inFlight = slowRequest(port, JSON.stringify({ email: 'nobody@example.com', password: 'whatever-it-is' }))
    await new Promise((resolve) => setTimeout(resolve, 200))
    child.kill('SIGTERM')
    await new Promise((resolve) => setTimeout(resolve, 200))
    await expect(fetch(`http://127.0.0.1:${port}/api/user/`)).rejects.toThrow()
    inFlight.finish()
    expect(await inFlight.done).toMatch(/^HTTP\/1\.1 401/)
    expect(await exited).toBe(0)

    // The database was closed cleanly: it opens again with its data intact.
    const database = await openDatabase({ url: null, dataDir })
    expect(await database.db.select().from(shops)).toEqual([])
    await database.close()
  }, 120_000)

  it('refuses a bad configuration with a clear message', async () => {
    await expect(startServer({ PORT: 'eighty', DATA_DIR: dataDir })).rejects.toThrow(/PORT must be an integer/)
  })
})
