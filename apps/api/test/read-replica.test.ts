/**
 * Public reads from a real streaming replica (DATABASE_REPLICA_URL): a primary cluster and a replica made by
 * `pg_basebackup -R`, both started by the test. Anonymous catalog, search and shop profile reads come from
 * the replica, on the API and in server-rendered pages; staff, and an anonymous caller who just wrote, read
 * the primary; a replica that falls behind or stops is passed over and the reads come from the primary. The lag check runs when the test asks
 * (`replica.check()`), so what each read sees is decided, not raced.
 */
import type { Product, ProductPage } from '@shop/domain/schemas/catalog'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../src/app'
import { loadConfig } from '../src/config'
import { type Database, openDatabase } from '../src/db/client'
import { inventory, products } from '../src/db/schema'
import type { ReplicaState } from '../src/db/replica'
import { WROTE_COOKIE } from '../src/plugins/read-after-write'
import { productFactory } from '../src/seed/factories'
import { type App, type TestContext, createStaffedShop } from './helpers'
import { type ReplicatedCluster, startReplicatedCluster } from './postgres-processes'

/** A stand-in web build (as in src/web/ssr.test.ts) whose page shows the shop profile the server read for it. */
async function pageBuild(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-replica-web-'))
  await fs.mkdir(path.join(dir, 'server'))
  await fs.mkdir(path.join(dir, 'client'))
  await fs.writeFile(path.join(dir, 'package.json'), '{"type":"module"}')
  await fs.writeFile(
    path.join(dir, 'server', 'index.js'),
    'export function createHandler() { return async (request, context) => Response.json({ title: context.shop?.title ?? null }) }',
  )
  return dir
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('public reads from a streaming replica', () => {
  let cluster: ReplicatedCluster
  let database: Database
  let app: App
  let dataDir: string
  let buildDir: string
  let test: TestContext

  /** Checks the replica's lag until it is in `wanted` (replay catches up in milliseconds here). */
  async function until(wanted: ReplicaState) {
    for (let tries = 0; tries < 200; tries++) {
      if ((await database.replica!.check()) === wanted) return
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    throw new Error(`the replica never became ${wanted} (it is ${database.replica!.state()})`)
  }

  async function onReplica(text: string) {
    const client = new pg.Client({ connectionString: cluster.replicaUrl('postgres') })
    await client.connect()
    try {
      await client.query(text)
    } finally {
      await client.end()
    }
  }

  beforeAll(async () => {
    cluster = await startReplicatedCluster()
    const admin = new pg.Client({ connectionString: cluster.primaryUrl('postgres') })
    await admin.connect()
    await admin.query('create database shop')
    await admin.end()
    database = await openDatabase({ url: cluster.primaryUrl('shop'), replicaUrl: cluster.replicaUrl('shop'), replicaCheckMs: 0 })
    await database.migrate()
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-replica-test-'))
    buildDir = await pageBuild()
    const config = loadConfig({
      NODE_ENV: 'test',
      ROOT_DOMAIN: 'shops.test',
      DATA_DIR: dataDir,
      WEB_BUILD_DIR: buildDir,
      RATE_LIMITS: 'off',
      UNPAID_ORDER_SWEEP_SECONDS: '0',
      OUTBOX_POLL_MS: '0',
      DATABASE_URL: cluster.primaryUrl('shop'),
      DATABASE_REPLICA_URL: cluster.replicaUrl('shop'),
    })
    app = await buildApp({ config, database, logger: false })
    await app.ready()
    test = { app, database, dataDir, databaseUrl: cluster.primaryUrl('shop') }
  }, 60_000)
  afterAll(async () => {
    // Unset when beforeAll failed part of the way.
    await (app as App | undefined)?.close()
    await (database as Database | undefined)?.close()
    await (cluster as ReplicatedCluster | undefined)?.stop()
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true })
    if (buildDir) await fs.rm(buildDir, { recursive: true, force: true })
  })

  it('serves anonymous reads from the replica, staff and a caller who just wrote from the primary, and passes over a replica that lags or stops', async () => {
    const { shop, owner } = await createStaffedShop(test)
    const [scarf] = await database.db.insert(products).values(productFactory(shop.id, { title: 'Kente scarf', priceMinor: 5_000 })).returning()
    await database.db.insert(inventory).values({ shopId: shop.id, productId: scarf!.id, variantId: '', quantity: 50, tracked: true })
    await until('in use')

    const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers })
    const titles = async (url: string, headers: Record<string, string> = {}) => {
      const response = await get(url, headers)
      expect(response.statusCode, response.body).toBe(200)
      return response.json<ProductPage>().data.map((p) => p.title).sort()
    }
    const list = `/api/products/?shop=${shop.id}`
    const search = `/api/products/?shop=${shop.id}&title[$q]=batik`
    expect(await titles(list)).toEqual(['Kente scarf'])

    // The replica stops applying what the primary writes: from now on it is behind.
    await onReplica('select pg_wal_replay_pause()')
    const created = await app.inject({
      method: 'POST',
      url: '/api/products/',
      headers: owner.headers,
      payload: { shop: shop.id, title: 'Batik shirt', price: { value: 120, currency: 'GHS' } },
    })
    expect(created.statusCode, created.body).toBe(201)
    const shirt = created.json<Product>()
    const renamed = await app.inject({ method: 'PATCH', url: `/api/shops/${shop.id}`, headers: owner.headers, payload: { title: 'Renamed shop' } })
    expect(renamed.statusCode, renamed.body).toBe(200)

    // Until a check notices, anonymous reads still come from the replica: the list, search, a product and
    // the shop's profile as they were.
    expect(await titles(list)).toEqual(['Kente scarf'])
    expect(await titles(search)).toEqual([])
    expect((await get(`/api/products/${shirt._id}`)).statusCode).toBe(404)
    expect((await get(`/api/shops/${shop.id}`)).json()).toMatchObject({ title: shop.title })
    // The fake page build (pageBuild above) answers the title of the shop it was handed, a shape of this test's own.
    const page = async (headers: Record<string, string> = {}) =>
      // eslint-disable-next-line no-restricted-syntax
      (await app.inject({ method: 'GET', url: '/', headers: { host: `${shop.slug}.shops.test`, ...headers } })).json<{ title: string }>().title
    expect(await page()).toBe(shop.title)
    // Staff read the primary.
    expect(await titles(list, owner.headers)).toEqual(['Batik shirt', 'Kente scarf'])
    expect((await get(`/api/products/${shirt._id}`, owner.headers)).statusCode).toBe(200)

    // An anonymous buyer who places an order is told so by a cookie, and reads the primary while it lasts.
    const order = await app.inject({
      method: 'POST',
      url: `/api/orders/?shop=${shop.id}&email=buyer@example.com`,
      payload: { items: [{ product: scarf!.id, count: 1 }], delivery: { type: 'pick-up' }, name: 'Ama Mensah', phone: '0200000001' },
    })
    expect(order.statusCode, order.body).toBe(201)
    const setCookie = ([] as string[]).concat(order.headers['set-cookie'] ?? [])
    const wrote = setCookie.find((c) => c.startsWith(`${WROTE_COOKIE}=`))
    expect(wrote).toMatch(/Max-Age=\d+; Path=\/; HttpOnly; SameSite=Lax/)
    const buyer = { cookie: wrote!.split(';')[0]! }
    expect(await titles(list, buyer)).toEqual(['Batik shirt', 'Kente scarf'])
    expect(await titles(search, buyer)).toEqual(['Batik shirt'])
    expect((await get(`/api/shops/${shop.id}`, buyer)).json()).toMatchObject({ title: 'Renamed shop' })
    // Their pages too: the server passes the cookie on to its own API calls.
    expect(await page(buyer)).toBe('Renamed shop')

    // A check holds the replica to where the primary was at the check before (it has that: 'in use');
    // the next one finds it behind the writes, and everyone's reads go to the primary.
    expect(await database.replica!.check()).toBe('in use')
    expect(await database.replica!.check()).toBe('lagging')
    expect(await titles(list)).toEqual(['Batik shirt', 'Kente scarf'])
    expect(await titles(search)).toEqual(['Batik shirt'])
    expect((await get(`/api/shops/${shop.id}`)).json()).toMatchObject({ title: 'Renamed shop' })

    // Caught up again, the replica is back in use and has everything.
    await onReplica('select pg_wal_replay_resume()')
    await until('in use')
    for (let i = 0; i < 3; i++) expect(await titles(search)).toEqual(['Batik shirt'])
    expect(await titles(list)).toEqual(['Batik shirt', 'Kente scarf'])

    // The replica stops: the reads that fail on it are answered by the primary, and it counts as down.
    await cluster.stopReplica()
    expect(await titles(list)).toEqual(['Batik shirt', 'Kente scarf'])
    expect(database.replica!.state()).toBe('down')
    expect(await titles(search)).toEqual(['Batik shirt'])
    expect((await get(`/api/shops/${shop.id}`)).json()).toMatchObject({ title: 'Renamed shop' })
    expect(await database.replica!.check()).toBe('down')
  })
})
