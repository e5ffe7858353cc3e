/**
 * Test harness: every test file gets its own fresh database — PGlite from the migrated template, or a
 * uniquely named copy of the migrated template database on the PostgreSQL server named by TEST_DATABASE_URL,
 * dropped afterwards — and
 * talks to the app through `app.inject`. Factories create users, shops and roles with sensible defaults.
 */
import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { StaffRole } from '@shop/domain'
import type { ErrorDocument } from '@shop/domain/schemas/wire'
import pg from 'pg'
import { afterAll, expect, inject, onTestFinished } from 'vitest'
import { type ActorIdentity, anonymousActor } from '../src/actor'
import { buildApp } from '../src/app'
import { loadConfig } from '../src/config'
import { type ServiceContext, createContext } from '../src/context'
import { type Database, openDatabase } from '../src/db/client'
import { accessTokens, shopConfigs, shopRoles, shops, users } from '../src/db/schema'
import { hashPassword, randomToken, sha256 } from '../src/lib/crypto'
import type { Limiter } from '../src/lib/limiter'
import type { Channels } from '../src/modules/messages/channels'

/** The app as buildApp returns it, which the tests drive with `inject`. */
export type App = Awaited<ReturnType<typeof buildApp>>

export type TestContext = {
  app: App
  database: Database
  dataDir: string
  /** The test's own PostgreSQL database (with TEST_DATABASE_URL), for other processes to open; null on PGlite. */
  databaseUrl: string | null
}

async function createServerDatabase(url: string): Promise<{ database: Database; url: string; drop: () => Promise<void> }> {
  const name = `shop_test_${process.pid}_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  // A copy of the run's migrated template (global-setup.ts); `migrate` then finds nothing left to apply.
  await admin.query(`create database "${name}" template "${inject('serverTemplate')}"`)
  await admin.end()
  const target = new URL(url)
  target.pathname = `/${name}`
  const database = await openDatabase({ url: target.toString() })
  await database.migrate()
  return {
    database,
    url: target.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: url })
      await client.connect()
      await client.query(`drop database if exists "${name}" with (force)`)
      await client.end()
    },
  }
}

/** The abuse limits as a server runs with them by default (docs/security.md). */
export const productionLimits = loadConfig({}).limits

let passwordHashCache: Promise<string> | undefined
/** Every factory user's password is `password123`; hashing once keeps the suite fast. */
export const TEST_PASSWORD = 'password123'
const testPasswordHash = () => (passwordHashCache ??= hashPassword(TEST_PASSWORD))

export type SetupOptions = {
  /** Where the app's log lines (pino JSON, one per line) go; without it the app logs nothing. */
  logStream?: { write(line: string): void }
  logLevel?: string
  /** Replaces the app's image decoding limiter. */
  imageLimiter?: Limiter
  /** Replaces the message channels the config would make. */
  messageChannels?: Channels
}

/**
 * Teardowns asked for outside a test (in a describe block or a `beforeAll`), run after the file's tests.
 * Vitest runs no `afterAll` registered once the tests have started (inside a test or a `beforeAll`), so a
 * context made there would leave its database behind; this hook is registered while the file is collected.
 */
const fileTeardowns: (() => Promise<void>)[] = []
afterAll(async () => {
  for (const teardown of fileTeardowns.splice(0).reverse()) await teardown()
})

/** Runs `teardown` when the test that asked for it ends, or after the file's tests when asked outside one. */
function tearDownAfterUse(teardown: () => Promise<void>) {
  if (expect.getState().currentTestName !== undefined) onTestFinished(teardown)
  else fileTeardowns.push(teardown)
}

/** Builds the app on a fresh database and tears both down after the test or the file that asked for it. */
export async function setupApp(overrides: Parameters<typeof loadConfig>[1] = {}, options: SetupOptions = {}): Promise<TestContext> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-api-test-'))
  const serverUrl = process.env.TEST_DATABASE_URL
  let database: Database
  let databaseUrl: string | null = null
  let drop = async () => {}
  if (serverUrl) {
    ;({ database, drop, url: databaseUrl } = await createServerDatabase(serverUrl))
  } else {
    const template = new Blob([await fs.readFile(inject('pgliteTemplate'))])
    database = await openDatabase({ url: null, template })
  }
  const config = loadConfig(
    // Tests place many orders and try many codes from one address: the abuse limits are off unless a test
    // turns them on (`productionLimits`), as the limits' own tests do.
    {
      NODE_ENV: 'test',
      ROOT_DOMAIN: 'shops.test',
      DATA_DIR: dataDir,
      WEB_BUILD_DIR: 'off',
      RATE_LIMITS: 'off',
      LIMIT_WRONG_DISCOUNT_CODES: '100000/1m',
      // The unpaid-order worker runs only where a test starts it (unpaid-orders.test.ts).
      UNPAID_ORDER_SWEEP_SECONDS: '0',
      // Likewise the outbox worker: tests send what is due with `app.outbox.drain()`.
      OUTBOX_POLL_MS: '0',
    },
    overrides,
  )
  const logger = options.logStream ? { level: options.logLevel ?? 'info', stream: options.logStream } : false
  const app = await buildApp({ config, database, logger, imageLimiter: options.imageLimiter, messageChannels: options.messageChannels })
  await app.ready()
  tearDownAfterUse(async () => {
    try {
      await app.close()
      await database.close()
    } finally {
      await drop()
      await fs.rm(dataDir, { recursive: true, force: true })
    }
  })
  return { app, database, dataDir, databaseUrl }
}

/**
 * A service context on the test's app and database, outside any request (the same parts a worker gets):
 * for calling services directly. Anonymous unless an actor is given.
 */
export function serviceContext(test: TestContext, actor: ActorIdentity = anonymousActor()): ServiceContext {
  const { app } = test
  return createContext({
    database: test.database,
    config: app.config,
    storage: app.storage,
    counters: app.counters,
    imageLimiter: app.imageLimiter,
    log: app.log,
    actor,
  })
}

let counter = 0
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}${randomBytes(2).toString('hex')}`

export type TestUser = { id: string; email: string; token: string; headers: { authorization: string } }

/** Creates a user with an access token. */
export async function createUser(ctx: TestContext, overrides: { email?: string; name?: string } = {}): Promise<TestUser> {
  const email = overrides.email ?? `user-${unique()}@example.com`
  const [user] = await ctx.database.db
    .insert(users)
    .values({ email, name: overrides.name ?? 'Test User', passwordHash: await testPasswordHash() })
    .returning()
  if (!user) throw new Error('user not created')
  const token = randomToken()
  await ctx.database.db
    .insert(accessTokens)
    .values({ userId: user.id, tokenHash: sha256(token), expiresAt: new Date(Date.now() + 3_600_000) })
  return { id: user.id, email, token, headers: { authorization: `Bearer ${token}` } }
}

export type TestShop = { id: string; slug: string; title: string }

/** Creates a shop; `staff` maps roles to users who get that active role. */
export async function createShop(
  ctx: TestContext,
  staff: Partial<Record<StaffRole, TestUser>> = {},
  overrides: { slug?: string; title?: string } = {},
): Promise<TestShop> {
  const slug = overrides.slug ?? `shop-${unique()}`
  const [shop] = await ctx.database.db
    .insert(shops)
    .values({ slug, title: overrides.title ?? `Shop ${slug}` })
    .returning()
  await ctx.database.db.insert(shopConfigs).values({ shopId: shop!.id })
  for (const [role, user] of Object.entries(staff)) {
    await ctx.database.db.insert(shopRoles).values({ shopId: shop!.id, userId: user.id, role: role as StaffRole })
  }
  return { id: shop!.id, slug, title: shop!.title }
}

/** A shop with one user per staff role, plus an outsider (staff of another shop) and a shopper. */
export async function createStaffedShop(ctx: TestContext) {
  const [owner, administrator, manager, keeper, shopper, outsider] = await Promise.all(
    Array.from({ length: 6 }, () => createUser(ctx)),
  )
  const shop = await createShop(ctx, { owner, administrator, manager, keeper })
  const otherShop = await createShop(ctx, { owner: outsider })
  return { shop, otherShop, owner: owner!, administrator: administrator!, manager: manager!, keeper: keeper!, shopper: shopper!, outsider: outsider! }
}

/** Asserts the Feathers error shape and returns the parsed body. */
export function errorBody(response: { statusCode: number; json(): unknown }) {
  const body = response.json() as ErrorDocument
  if (body.code !== response.statusCode || typeof body.name !== 'string' || typeof body.className !== 'string') {
    throw new Error(`not a Feathers error: ${JSON.stringify(body)}`)
  }
  return body
}
