/**
 * Real OS processes on one PostgreSQL database (TEST_DATABASE_URL; PGlite is one process's database):
 * two workers draining the same outbox send each message exactly once, and a process killed between
 * its claim and the send leaves its messages to a later process, which sends each once.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { systemActor } from '../src/actor'
import { createContext } from '../src/context'
import { repoRoot } from '../src/paths'
import { LEASE_MS } from '../src/modules/messages/backoff'
import { enqueueMessage } from '../src/modules/messages/outbox'
import { setupApp } from './helpers'
import { startSmtpPeer } from './smtp-peer'
import { listOutboxMessages } from './outbox-rows'

const test = await setupApp()
const peer = await startSmtpPeer()
const children = new Set<ChildProcess>()
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL')
  await peer.close()
})

const ctx = createContext({ database: test.database, config: test.app.config, actor: systemActor })

/** Starts a worker process; `output` resolves with its first line, `exit` with its exit code. */
function startWorker(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'apps/api/test/outbox-process.ts')], {
    // apps/api, so tsx reads its tsconfig (the templates' JSX).
    cwd: path.join(repoRoot, 'apps/api'),
    env: { ...process.env, DATABASE_URL: test.databaseUrl!, SMTP_URL: peer.url, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  children.add(child)
  const output = new Promise<string>((resolve) => {
    let text = ''
    child.stdout.on('data', (chunk: Buffer) => {
      text += chunk.toString()
      if (text.includes('\n')) resolve(text.trim())
    })
  })
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return { child, output, exit }
}

async function enqueueMany(prefix: string, count: number) {
  for (let i = 0; i < count; i++) {
    await enqueueMessage(ctx, { shopId: null, event: `${prefix}:${i}`, recipient: `${prefix}-${i}@example.com`, kind: 'welcome', channel: 'email', data: { expiresAt: '2026-05-02T10:30:00Z', link: `http://shops.test/reset-password?token=buyer-${i}` } })
  }
}

const countFor = (prefix: string) => {
  const counts = new Map<string, number>()
  for (const mail of peer.received) for (const to of mail.envelopeTo) if (to.startsWith(`${prefix}-`)) counts.set(to, (counts.get(to) ?? 0) + 1)
  return counts
}

describe.skipIf(!test.databaseUrl)('outbox workers in separate processes on PostgreSQL', () => {
  it('send each message exactly once when two processes drain the same outbox', async () => {
    await enqueueMany('pair', 60)
    const workers = [startWorker({}), startWorker({})]
    expect(await Promise.all(workers.map((w) => w.exit))).toEqual([0, 0])
    const sent = (await Promise.all(workers.map((w) => w.output))).map((line) => Number(line.replace('sent ', '')))
    expect(sent[0]! + sent[1]!).toBe(60)
    const counts = countFor('pair')
    expect(counts.size).toBe(60)
    expect([...counts.values()].every((n) => n === 1)).toBe(true)
    const rows = (await listOutboxMessages(test.database.db)).filter((m) => m.event.startsWith('pair:'))
    expect(rows.every((m) => m.status === 'sent' && m.attempts === 1)).toBe(true)
  }, 120_000)

  it('sends once, after its lease, what a killed process had claimed', async () => {
    await enqueueMany('crash', 5)
    const doomed = startWorker({ MODE: 'claim' })
    expect(await doomed.output).toBe('claimed 5')
    doomed.child.kill('SIGKILL')
    await doomed.exit

    // Straight after the crash nothing is due: the claims hold.
    const early = startWorker({})
    expect(await early.exit).toBe(0)
    expect(await early.output).toBe('sent 0')
    // A process whose clock is past the lease sends them.
    const later = startWorker({ CLOCK_OFFSET_MS: String(LEASE_MS + 1000) })
    expect(await later.exit).toBe(0)
    expect(await later.output).toBe('sent 5')
    const counts = countFor('crash')
    expect(counts.size).toBe(5)
    expect([...counts.values()].every((n) => n === 1)).toBe(true)
  }, 120_000)
})
