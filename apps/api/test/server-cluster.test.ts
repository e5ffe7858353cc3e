/**
 * Several server processes on one PostgreSQL database (TEST_DATABASE_URL; PGlite is one process's own):
 * two started at once on a fresh database both come up, the migrations applied once; WEB_CONCURRENCY
 * workers share a port, a worker that dies is replaced, and SIGTERM drains every worker.
 */
import type { ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { migrationsFolder } from '../src/paths'
import { freePort, slowRequest, startServer } from './server-process'

const serverUrl = process.env.TEST_DATABASE_URL
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-cluster-test-'))
afterAll(() => fs.rm(dataDir, { recursive: true, force: true }))

/** The databases this file made, dropped after its tests (an `afterAll` registered inside a test never runs). */
const databases: string[] = []
afterAll(async () => {
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    for (const name of databases) await client.query(`drop database if exists "${name}" with (force)`)
  } finally {
    await client.end()
  }
})

/** A new, empty (not migrated) database on the test server, dropped after the file's tests. */
async function emptyDatabase(): Promise<string> {
  const name = `shop_test_${process.pid}_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`create database "${name}"`)
  await admin.end()
  databases.push(name)
  const url = new URL(serverUrl!)
  url.pathname = `/${name}`
  return url.toString()
}

async function until<T>(find: () => T | null | undefined, what: string, output: () => string): Promise<T> {
  for (let waited = 0; waited < 60_000; waited += 50) {
    const found = find()
    if (found) return found
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`gave up waiting for ${what}:\n${output()}`)
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

const exitOf = (child: ChildProcess) => new Promise<number | null>((resolve) => child.on('exit', resolve))

describe.skipIf(!serverUrl)('several server processes on one PostgreSQL database', () => {
  let databaseUrl = ''

  it('starts two processes at once on a fresh database: both serve, and each migration is applied once', async () => {
    databaseUrl = await emptyDatabase()
    const ports = [await freePort(), await freePort()]
    const servers = await Promise.all(ports.map((port) => startServer({ PORT: String(port), DATABASE_URL: databaseUrl, WEB_CONCURRENCY: '1', DATA_DIR: dataDir })))
    for (const port of ports) expect((await fetch(`http://127.0.0.1:${port}/api/shops?domain=nowhere.example`)).status).toBe(200)

    const journal = JSON.parse(await fs.readFile(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] }
    const client = new pg.Client({ connectionString: databaseUrl })
    await client.connect()
    const applied = await client.query<{ hash: string }>('select hash from drizzle.__drizzle_migrations')
    await client.end()
    expect(applied.rows).toHaveLength(journal.entries.length)
    expect(new Set(applied.rows.map((row) => row.hash)).size).toBe(journal.entries.length)

    const exits = servers.map(({ child }) => exitOf(child))
    for (const { child } of servers) child.kill('SIGTERM')
    expect(await Promise.all(exits)).toEqual([0, 0])
  }, 180_000)

  it('runs WEB_CONCURRENCY workers on one port, replaces one that dies, and drains them all on SIGTERM', async () => {
    const port = await freePort()
    const { child, output } = await startServer({ PORT: String(port), DATABASE_URL: databaseUrl, WEB_CONCURRENCY: '2', DATA_DIR: dataDir })
    const exited = exitOf(child)
    const serving = () => [...output().matchAll(/worker \d+ \(pid (\d+)\) is serving/g)].map((match) => Number(match[1]))
    const [first, second] = await until(() => (serving().length >= 2 ? serving() : null), 'two workers', output)
    expect(output()).toContain('2 workers')

    process.kill(first!, 'SIGKILL')
    await until(() => output().includes(`(pid ${first}) died (SIGKILL); starting another`), 'the death to be noticed', output)
    const [replacement] = await until(() => (serving().length >= 3 ? serving().slice(2) : null), 'a new worker', output)
    expect(replacement).not.toBe(first)
    expect(isAlive(second!)).toBe(true)
    expect((await fetch(`http://127.0.0.1:${port}/api/shops?domain=nowhere.example`)).status).toBe(200)

    const inFlight = slowRequest(port, JSON.stringify({ email: 'nobody@example.com', password: 'whatever-it-is' }))
    // Give a worker time to read the first half: the request is then in flight there.
    await new Promise((resolve) => setTimeout(resolve, 300))
    child.kill('SIGTERM')
    await until(() => output().includes('SIGTERM: draining 2 workers'), 'the drain', output)
    inFlight.finish()
    expect(await inFlight.done).toMatch(/^HTTP\/1\.1 401/)
    expect(await exited).toBe(0)
    expect([second, replacement].map((pid) => isAlive(pid!))).toEqual([false, false])
  }, 180_000)
})
