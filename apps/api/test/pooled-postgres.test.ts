/**
 * The app through Debian's PgBouncer in transaction pooling mode (DATABASE_POOL_MODE=transaction), in front
 * of the test's own PostgreSQL database: PgBouncer forwards no startup parameter and a server connection
 * serves one transaction and then another client, so the planner settings must come from the role's
 * defaults and no statement may be prepared by name. Login, the product list and title search (many times
 * at once, over a pool smaller than the app's) and orders racing for the last units run through it.
 */
import type { TokenData } from '@shop/domain/schemas/auth'
import type { ProductPage } from '@shop/domain/schemas/catalog'
import { eq } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../src/app'
import { ConfigError, loadConfig } from '../src/config'
import { type Database, openDatabase } from '../src/db/client'
import { PLANNER_SETTINGS } from '../src/db/pool'
import { inventory, orders, products } from '../src/db/schema'
import { productFactory } from '../src/seed/factories'
import { type App, TEST_PASSWORD, createStaffedShop, errorBody, setupApp } from './helpers'
import { startPgBouncer } from './postgres-processes'

const test = await setupApp()

describe('DATABASE_POOL_MODE and DATABASE_REPLICA_URL', () => {
  const server = 'postgres://shop@10.0.0.5:6432/shop'
  it('reads the pool mode and the replica beside a DATABASE_URL', () => {
    expect(loadConfig({})).toMatchObject({ databasePoolMode: 'session', databaseReplicaUrl: null })
    const config = loadConfig({ DATABASE_URL: server, DATABASE_POOL_MODE: 'Transaction', DATABASE_REPLICA_URL: 'postgresql://shop@10.0.0.6:6432/shop' })
    expect(config).toMatchObject({ databasePoolMode: 'transaction', databaseReplicaUrl: 'postgresql://shop@10.0.0.6:6432/shop' })
  })

  it('stops with a clear message on a mode it does not know or a replica without a primary', () => {
    expect(() => loadConfig({ DATABASE_URL: server, DATABASE_POOL_MODE: 'statement' })).toThrow(new ConfigError('DATABASE_POOL_MODE must be session or transaction, got "statement"'))
    expect(() => loadConfig({ DATABASE_REPLICA_URL: server })).toThrow(ConfigError)
    expect(() => loadConfig({ DATABASE_URL: server, DATABASE_REPLICA_URL: 'mysql://x' })).toThrow(/DATABASE_REPLICA_URL must start with postgres/)
  })
})

describe.skipIf(!test.databaseUrl)('through PgBouncer in transaction pooling mode', () => {
  const databaseName = new URL(test.databaseUrl ?? 'postgres://x/none').pathname.slice(1)
  let bouncer: Awaited<ReturnType<typeof startPgBouncer>>
  let database: Database
  let app: App

  beforeAll(async () => {
    bouncer = await startPgBouncer(test.databaseUrl!)
    database = await openDatabase({ url: bouncer.url(databaseName), poolMode: 'transaction' })
    app = await buildApp({ config: { ...test.app.config, databasePoolMode: 'transaction' }, database, logger: false })
    await app.ready()
  })
  afterAll(async () => {
    // Unset when beforeAll failed part of the way.
    await (app as App | undefined)?.close()
    await (database as Database | undefined)?.close()
    await (bouncer as typeof bouncer | undefined)?.stop()
  })

  it('leaves the planner settings as the role’s defaults in the database, so every new connection has them', async () => {
    const direct = new pg.Client({ connectionString: test.databaseUrl! })
    await direct.connect()
    try {
      const { rows } = await direct.query<{ random_page_cost: string }>('show random_page_cost')
      expect(rows[0]!.random_page_cost).toBe(PLANNER_SETTINGS.random_page_cost)
    } finally {
      await direct.end()
    }
  })

  it('logs in, lists and searches products again and again, and sells the last units exactly once', async () => {
    const { shop, owner } = await createStaffedShop(test)
    const db = test.database.db
    const titles = ['Kente scarf', 'Kente stole', 'Batik shirt', 'Leather sandals', 'Woven basket', 'Kente cap']
    for (const title of titles) await db.insert(products).values(productFactory(shop.id, { title }))

    const login = await app.inject({ method: 'POST', url: '/api/token', payload: { email: owner.email, password: TEST_PASSWORD } })
    expect(login.statusCode, login.body).toBe(201)
    const token = login.json<TokenData>().access_token
    const me = await app.inject({ method: 'GET', url: '/api/user', headers: { authorization: `Bearer ${token}` } })
    expect(me.json()).toMatchObject({ email: owner.email })

    // Three rounds of twelve requests at once: each statement runs on whichever server connection is free.
    for (let round = 0; round < 3; round++) {
      const searches = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          app.inject({ method: 'GET', url: i % 3 === 0 ? `/api/products/?shop=${shop.id}` : `/api/products/?shop=${shop.id}&title[$q]=kente` }),
        ),
      )
      for (const [i, response] of searches.entries()) {
        expect(response.statusCode, response.body).toBe(200)
        const page = response.json<ProductPage>()
        if (i % 3 === 0) expect(page.total).toBe(titles.length)
        else expect(page.data.map((p) => p.title).sort()).toEqual(['Kente cap', 'Kente scarf', 'Kente stole'])
      }
    }

    const [last] = await db.insert(products).values(productFactory(shop.id, { title: 'Last three', priceMinor: 5_000 })).returning()
    await db.insert(inventory).values({ shopId: shop.id, productId: last!.id, variantId: '', quantity: 3, tracked: true })
    const placed = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        app.inject({
          method: 'POST',
          url: `/api/orders/?shop=${shop.id}&email=buyer${i}@example.com`,
          payload: { items: [{ product: last!.id, count: 1 }], delivery: { type: 'pick-up' }, name: 'Ama Mensah', phone: '0200000001' },
        }),
      ),
    )
    const codes = placed.map((r) => r.statusCode)
    expect(codes.filter((code) => code === 201)).toHaveLength(3)
    for (const refused of placed.filter((r) => r.statusCode !== 201)) expect(errorBody(refused).code).toBe(409)
    const [stock] = await db.select().from(inventory).where(eq(inventory.productId, last!.id))
    expect(stock!.quantity).toBe(0)
    expect(await db.select({ id: orders.id }).from(orders).where(eq(orders.shopId, shop.id))).toHaveLength(3)
  })
})
