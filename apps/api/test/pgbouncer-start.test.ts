/**
 * `npm start` behind Debian's PgBouncer in transaction pooling mode, exactly as docs/operator-guide.md's production
 * section sets it up (DATABASE_URL at PgBouncer, DATABASE_POOL_MODE=transaction): on an empty database
 * `npm start` itself (the built server, apps/api/dist/server.js) migrates, seeds the demo shop and serves
 * logins, searches and orders from its workers. Runs with the PostgreSQL suite (TEST_DATABASE_URL), which
 * CI runs after the build; without one, `npm start` builds first.
 */
import type { TokenData } from '@shop/domain/schemas/auth'
import type { ProductPage } from '@shop/domain/schemas/catalog'
import type { Order } from '@shop/domain/schemas/orders'
import type { Shop } from '@shop/domain/schemas/shop'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import fsp from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoLogins } from '../src/seed/demo-profile'
import { PGBOUNCER, startPgBouncer } from './postgres-processes'
import { freePort, npmStart, startServer, stopServer } from './server-process'

const serverUrl = process.env.TEST_DATABASE_URL

describe.skipIf(!serverUrl || !fs.existsSync(PGBOUNCER))('npm start through PgBouncer in transaction pooling mode', () => {
  const name = `shop_test_${process.pid}_${randomBytes(4).toString('hex')}`
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl })
    await client.connect()
    try {
      await client.query(statement)
    } finally {
      await client.end()
    }
  }
  let bouncer: Awaited<ReturnType<typeof startPgBouncer>>
  let dataDir: string

  beforeAll(async () => {
    await admin(`create database "${name}"`)
    bouncer = await startPgBouncer(serverUrl!)
    dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'shop-pgbouncer-start-'))
  })
  afterAll(async () => {
    // Unset when beforeAll failed part of the way.
    await (bouncer as typeof bouncer | undefined)?.stop()
    await admin(`drop database if exists "${name}" with (force)`)
    await fsp.rm(dataDir, { recursive: true, force: true })
  })

  it('comes up on an empty database and serves login, search and orders', async () => {
    const port = await freePort()
    const server = await startServer(
      {
        // The quick start's settings, on PostgreSQL through the pooler.
        NODE_ENV: undefined,
        SEED_DEMO: undefined,
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: bouncer.url(name),
        DATABASE_POOL_MODE: 'transaction',
        WEB_CONCURRENCY: '2',
      },
      // `npm start` itself: the built server (built first if the sources changed), as the operator runs it.
      npmStart(),
      600_000,
    )
    const api = (url: string, init?: RequestInit) => fetch(`http://127.0.0.1:${port}${url}`, init)
    try {
      expect(server.output()).toContain('Demo logins (just seeded)')

      const login = await api('/api/token/', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: demoLogins.users[0].email, password: demoLogins.password }),
      })
      expect(login.status).toBe(201)
      const { access_token: token } = (await login.json()) as TokenData

      const shop = (await (await api('/api/shops/demo')).json()) as Shop
      // Many at once, so the workers' statements run on whichever server connection PgBouncer has free.
      const searches = await Promise.all(Array.from({ length: 12 }, () => api(`/api/products/?shop=${shop._id}&title[$q]=kente`)))
      for (const search of searches) {
        expect(search.status).toBe(200)
        const page = (await search.json()) as ProductPage
        expect(page.total).toBeGreaterThan(0)
        expect(page.data.every((product) => /kente/i.test(product.title))).toBe(true)
      }

      const list = (await (await api(`/api/products/?shop=${shop._id}&$limit=1`)).json()) as ProductPage
      const product = list.data[0]!
      const order = await api(`/api/orders/?shop=${shop._id}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({
          items: [{ product: product._id, ...(product.variants[0] ? { variant: product.variants[0]._id } : {}), count: 1 }],
          delivery: { type: 'pick-up' },
          name: 'Ama Owusu',
          phone: '0245550142',
        }),
      })
      expect(order.status, await order.clone().text()).toBe(201)
      const placed = (await order.json()) as Order
      const read = await api(`/api/orders/${placed._id}`, { headers: { authorization: `Bearer ${token}` } })
      expect(read.status).toBe(200)
    } finally {
      await stopServer(server)
    }
  }, 720_000)
})
