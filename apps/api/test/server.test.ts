/**
 * The real server process: starts on an empty data directory, and on SIGTERM lets an in-flight request
 * finish, refuses new ones, closes the database cleanly and exits 0.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs/promises'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../src/db/client'
import { shops } from '../src/db/schema'

const repoRoot = path.resolve(import.meta.dirname, '../../..')

async function freePort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; output: () => string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: repoRoot,
    env: { ...process.env, HOST: '127.0.0.1', WEB_BUILD_DIR: 'off', LOG_LEVEL: 'warn', SEED_DEMO: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout!.on('data', (chunk) => (output += chunk))
  child.stderr!.on('data', (chunk) => (output += chunk))
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000)
    child.stdout!.on('data', () => {
      if (output.includes('is running')) {
        clearTimeout(timer)
        resolve({ child, output: () => output })
      }
    })
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)))
  })
}

/** Sends a request whose body arrives in two halves, so it is still in flight in between. */
function slowRequest(port: number, body: string) {
  const socket = net.connect(port, '127.0.0.1')
  let response = ''
  socket.on('data', (chunk) => (response += chunk))
  const done = new Promise<string>((resolve) => socket.on('close', () => resolve(response)))
  socket.write(
    `POST /api/token/ HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n`,
  )
  socket.write(body.slice(0, 10))
  return { finish: () => socket.write(body.slice(10)), done }
}

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-server-test-'))
afterAll(() => fs.rm(dataDir, { recursive: true, force: true }))

describe('server process', () => {
  it('creates and migrates the database, then shuts down gracefully on SIGTERM', async () => {
    const port = await freePort()
    const { child, output } = await startServer({ PORT: String(port), DATA_DIR: dataDir })
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve))
    expect(output()).toContain('Demo logins')

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
