/**
 * `npm run backup` and `npm run restore` on PGlite (apps/api/src/backup.ts): a backup taken from the running
 * server while orders are being placed restores into a fresh directory, where a new server serves the same
 * shop, its pictures and every order acknowledged before the backup began; a backup of the stopped install
 * restores too; restore refuses a directory that is not empty, and backup refuses to overwrite a file.
 */
import type { Order } from '@shop/domain/schemas/orders'
import type { Page } from '@shop/domain/schemas/wire'
import type { TokenData } from '@shop/domain/schemas/auth'
import type { ProductPage } from '@shop/domain/schemas/catalog'
import type { Shop } from '@shop/domain/schemas/shop'
import { spawn } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { backupSocket, readManifest } from '../src/backup'
import { openDatabase } from '../src/db/client'
import { orders } from '../src/db/schema'
import { repoRoot } from '../src/paths'
import { demoLogins } from '../src/seed/demo-profile'
import { freePort, startServer, stopServer } from './server-process'

const dirs: string[] = []
afterAll(() => Promise.all(dirs.map((dir) => fs.rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 }))))

async function tempDir(name: string): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), `shop-backup-${name}-`))
  dirs.push(dir)
  return dir
}

/** `npm run backup` or `npm run restore` as the operator runs it: its exit code and what it said. */
function npmRun(script: 'backup' | 'restore', file: string, dataDir: string): Promise<{ code: number | null; output: string }> {
  const child = spawn('npm', ['run', '--silent', script, '--', file], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })))
}

type Server = Awaited<ReturnType<typeof startServer>> & { port: number }

async function serve(dataDir: string, seed: boolean): Promise<Server> {
  const port = await freePort()
  const server = await startServer({ PORT: String(port), DATA_DIR: dataDir, SEED_DEMO: seed ? '1' : '0', RATE_LIMITS: 'off' }, undefined, 540_000)
  return { ...server, port }
}

async function call<T>(server: Server, method: string, url: string, options: { body?: unknown; token?: string } = {}) {
  const response = await fetch(`http://127.0.0.1:${server.port}${url}`, {
    method,
    headers: {
      ...(options.body ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.body ? JSON.stringify(options.body) : undefined,
  })
  return { status: response.status, body: (await response.json().catch(() => null)) as T }
}

async function ownerToken(server: Server): Promise<string> {
  const login = await call<TokenData>(server, 'POST', '/api/token/', {
    body: { email: demoLogins.users[0].email, password: demoLogins.password },
  })
  expect(login.status).toBe(201)
  return login.body.access_token
}

describe('backup and restore', () => {
  it('a backup taken while orders are placed restores into a fresh directory that serves the same shop and orders', async () => {
    const original = await tempDir('original')
    const server = await serve(original, true)
    const backupFile = path.join(await tempDir('files'), 'shop.tar.gz')
    let finalOrders: number
    const acknowledged: { id: string; at: number }[] = []
    let backupStarted = Infinity
    try {
      const shop = (await call<Shop>(server, 'GET', '/api/shops/demo')).body
      const products = await call<ProductPage>(server, 'GET', `/api/products/?shop=${shop._id}&inStock=true&$limit=100`)
      // Orders spread over every product without variants, dropping one as it sells out.
      const available = products.body.data.filter((item) => item.variants.length === 0).map((item) => item._id)
      expect(available.length).toBeGreaterThan(0)

      // Buyers keep ordering, two at a time, until the backup is done.
      let placing = true
      const buyer = async (n: number) => {
        for (let i = 0; placing && available.length; i++) {
          const product = available[i % available.length]!
          const placed = await call<Order>(server, 'POST', `/api/orders/?shop=${shop._id}&email=buyer${n}-${i}@example.com`, {
            body: { items: [{ product, count: 1 }], delivery: { type: 'pick-up' } },
          })
          if (placed.status === 409) {
            const at = available.indexOf(product)
            if (at >= 0) available.splice(at, 1)
            continue
          }
          expect(placed.status, JSON.stringify(placed.body)).toBe(201)
          acknowledged.push({ id: placed.body._id, at: Date.now() })
        }
      }
      const buyers = [buyer(1), buyer(2)]
      while (acknowledged.length < 5) await new Promise((resolve) => setTimeout(resolve, 50))

      backupStarted = Date.now()
      const backup = await npmRun('backup', backupFile, original)
      placing = false
      await Promise.all(buyers)
      expect(backup.output).toContain('from the running server')
      expect(backup.code, backup.output).toBe(0)
      expect(acknowledged.filter((order) => order.at > backupStarted).length).toBeGreaterThan(0)

      // A second backup to the same name is refused; the first is untouched.
      const again = await npmRun('backup', backupFile, original)
      expect(again.code).toBe(1)
      expect(again.output).toContain('already exists')

      const manifest = await readManifest(backupFile)
      expect(manifest.uploads).toBeGreaterThan(0)
      expect(manifest.migrations).toBeGreaterThan(0)
      finalOrders = (await call<Page<Order>>(server, 'GET', `/api/orders/?shop=${shop._id}&$limit=1`, { token: await ownerToken(server) })).body.total
    } finally {
      await stopServer(server)
    }
    // The server's socket is gone with it.
    await expect(fs.stat(backupSocket(original))).rejects.toThrow()

    const restored = await tempDir('restored')
    const restore = await npmRun('restore', backupFile, restored)
    expect(restore.code, restore.output).toBe(0)
    expect(restore.output).toContain(`Restored the backup`)

    const again = await serve(restored, false)
    try {
      const shop = await call<Shop>(again, 'GET', '/api/shops/demo')
      expect(shop.status).toBe(200)
      expect(shop.body.title).toBeTruthy()
      const token = await ownerToken(again)
      // Every order acknowledged before the backup began is there, whole.
      const before = acknowledged.filter((order) => order.at < backupStarted)
      expect(before.length).toBeGreaterThanOrEqual(5)
      for (const { id } of before) {
        const order = await call<Order>(again, 'GET', `/api/orders/${id}`, { token })
        expect(order.status, id).toBe(200)
        expect(order.body.items).toHaveLength(1)
      }
      // No more than were placed in all, and the list agrees with itself.
      const list = await call<Page<Order>>(again, 'GET', `/api/orders/?shop=${shop.body._id}&$limit=100`, { token })
      expect(list.body.total).toBeGreaterThanOrEqual(before.length)
      expect(list.body.total).toBeLessThanOrEqual(finalOrders)
      // The pictures came along: a product's image is served from the restored uploads.
      const products = await call<ProductPage>(again, 'GET', `/api/products/?shop=${shop.body._id}&$limit=100`)
      const image = products.body.data.flatMap((product) => product.images)[0]
      expect(image).toBeDefined()
      const picture = await fetch(new URL(image!.url, `http://127.0.0.1:${again.port}`))
      expect(picture.status).toBe(200)
    } finally {
      await stopServer(again)
    }

    // With the server stopped, the backup opens the database itself; it restores the same orders.
    const offlineFile = path.join(await tempDir('files'), 'offline.tar.gz')
    const offline = await npmRun('backup', offlineFile, original)
    expect(offline.code, offline.output).toBe(0)
    expect(offline.output).toContain('from the stopped database')
    const offlineRestored = await tempDir('offline-restored')
    expect((await npmRun('restore', offlineFile, offlineRestored)).code).toBe(0)
    const database = await openDatabase({ url: null, dataDir: offlineRestored })
    try {
      expect(await database.db.$count(orders)).toBe(finalOrders)
    } finally {
      await database.close()
    }

    // Restore refuses a directory with anything in it, and changes nothing there.
    const occupied = await tempDir('occupied')
    await fs.writeFile(path.join(occupied, 'keep.txt'), 'mine')
    const refused = await npmRun('restore', offlineFile, occupied)
    expect(refused.code).toBe(1)
    expect(refused.output).toContain('is not empty')
    expect(await fs.readdir(occupied)).toEqual(['keep.txt'])
  }, 1_200_000)
})
