/**
 * Abuse limits: orders and checkouts per buyer (account and e-mail) and per IP address, wrong discount
 * codes across every path that takes one, and the shops one account may own.
 */
import { count, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { checkouts, orders, shopRoles } from '../src/db/schema'
import type { Limits } from '../src/config'
import { commerceFixtures } from './commerce-fixtures'
import { type TestContext, type TestShop, createShop, createUser, errorBody, productionLimits, setupApp } from './helpers'

const tight: Limits = {
  ...productionLimits,
  ordersPerBuyer: { max: 3, windowMs: 600_000 },
  ordersPerIp: { max: 6, windowMs: 600_000 },
  checkoutsPerBuyer: { max: 2, windowMs: 600_000 },
  checkoutsPerIp: { max: 4, windowMs: 600_000 },
  wrongDiscountCodes: { max: 3, windowMs: 600_000 },
}

async function shopWithProduct(ctx: TestContext) {
  const shop = await createShop(ctx, { owner: await createUser(ctx) })
  const product = await commerceFixtures(ctx, shop.id).addProduct({ title: 'Shea butter' })
  const code = await commerceFixtures(ctx, shop.id).addCode({ code: 'AKWAABA10' })
  return { shop, product, code }
}

function buyer(ctx: TestContext, shop: TestShop, productId: string) {
  const body = (extra: object = {}) => ({ items: [{ product: productId, count: 1 }], delivery: { type: 'pick-up' }, ...extra })
  return {
    order: (options: { email?: string; ip: string; headers?: object; extra?: object }) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/orders/?shop=${shop.id}${options.email ? `&email=${options.email}` : ''}`,
        remoteAddress: options.ip,
        headers: (options.headers ?? {}) as never,
        payload: body(options.extra),
      }),
    checkout: (options: { email?: string; ip: string; headers?: object; extra?: object }) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/checkouts/?shop=${shop.id}${options.email ? `&email=${options.email}` : ''}`,
        remoteAddress: options.ip,
        headers: (options.headers ?? {}) as never,
        payload: body(options.extra),
      }),
    lookup: (code: string, ip: string) => ctx.app.inject({ url: `/api/discount-codes/?code=${code}&shop=${shop.id}`, remoteAddress: ip }),
  }
}

const ordersOf = async (ctx: TestContext, shopId: string) =>
  (await ctx.database.db.select({ total: count() }).from(orders).where(eq(orders.shopId, shopId)))[0]!.total

describe('orders and checkouts', () => {
  let ctx: TestContext
  beforeAll(async () => {
    ctx = await setupApp({ limits: tight })
  })

  it('limits orders per account and per e-mail, whatever the address, and places nothing past it', async () => {
    const { shop, product } = await shopWithProduct(ctx)
    const shopper = await createUser(ctx)
    const shop_ = buyer(ctx, shop, product.id)
    for (let i = 0; i < 3; i++) expect((await shop_.order({ ip: `10.40.0.${i + 1}`, headers: shopper.headers })).statusCode).toBe(201)
    const fourth = await shop_.order({ ip: '10.40.0.9', headers: shopper.headers })
    expect(fourth.statusCode).toBe(429)
    expect(errorBody(fourth).message).toMatch(/Too many orders/)
    // The same person without logging in, by their e-mail, from yet another address.
    expect((await shop_.order({ ip: '10.40.0.10', email: shopper.email })).statusCode).toBe(429)
    expect(await ordersOf(ctx, shop.id)).toBe(3)
    // Someone else is not held up.
    expect((await shop_.order({ ip: '10.40.0.9', email: 'kwame@example.com' })).statusCode).toBe(201)
  })

  it('limits orders per IP address only generously: many buyers share one carrier address', async () => {
    const { shop, product } = await shopWithProduct(ctx)
    const shop_ = buyer(ctx, shop, product.id)
    const statuses: number[] = []
    for (let i = 0; i < 7; i++) statuses.push((await shop_.order({ ip: '10.41.0.1', email: `buyer${i}@example.com` })).statusCode)
    expect(statuses).toEqual([201, 201, 201, 201, 201, 201, 429])
    expect((await shop_.order({ ip: '10.41.0.2', email: 'buyer9@example.com' })).statusCode).toBe(201)
  })

  it('limits checkouts per buyer and per IP address', async () => {
    const { shop, product } = await shopWithProduct(ctx)
    const shop_ = buyer(ctx, shop, product.id)
    const byBuyer = []
    for (let i = 0; i < 3; i++) byBuyer.push((await shop_.checkout({ ip: `10.42.0.${i + 1}`, email: 'esi@example.com' })).statusCode)
    expect(byBuyer).toEqual([201, 201, 429])
    const byIp = []
    for (let i = 0; i < 5; i++) byIp.push((await shop_.checkout({ ip: '10.42.1.1', email: `c${i}@example.com` })).statusCode)
    expect(byIp).toEqual([201, 201, 201, 201, 429])
    const made = await ctx.database.db.select({ total: count() }).from(checkouts).where(eq(checkouts.shopId, shop.id))
    expect(made[0]!.total).toBe(6)
  })

  it('are lifted by RATE_LIMITS=off', async () => {
    const unlimited = await setupApp({ limits: { ...tight, enabled: false } })
    const { shop, product } = await shopWithProduct(unlimited)
    const shop_ = buyer(unlimited, shop, product.id)
    for (let i = 0; i < 8; i++) expect((await shop_.order({ ip: '10.43.0.1', email: 'same@example.com' })).statusCode).toBe(201)
  })
})

describe('wrong discount codes', () => {
  it('are counted on the lookup, checkouts and orders alike; past the limit a right code gets 429 there too', async () => {
    const ctx = await setupApp({ limits: tight })
    const { shop, product, code } = await shopWithProduct(ctx)
    const shop_ = buyer(ctx, shop, product.id)
    const ip = '10.44.0.1'
    expect((await shop_.lookup('GUESS1', ip)).json().total).toBe(0)
    const checkout = await shop_.checkout({ ip, email: 'a@example.com', extra: { discount: { code: 'GUESS2' } } })
    expect(checkout.json().discount).toBeNull()
    const order = await shop_.order({ ip, email: 'b@example.com', extra: { discount: { code: 'GUESS3' } } })
    expect(order.statusCode).toBe(422)

    const lookup = await shop_.lookup(code.code, ip)
    expect(lookup.statusCode).toBe(429)
    expect(errorBody(lookup).errors?.[0]?.path).toBe('code')
    const withCode = { discount: { code: code.code } }
    for (const response of [
      await shop_.checkout({ ip, email: 'c@example.com', extra: withCode }),
      await shop_.order({ ip, email: 'd@example.com', extra: withCode }),
    ]) {
      expect(response.statusCode).toBe(429)
      expect(errorBody(response).errors?.[0]?.path).toBe('discount.code')
    }
    expect(await ordersOf(ctx, shop.id)).toBe(0)

    // Without a code the shopper still buys; from another address the right code still works.
    expect((await shop_.order({ ip, email: 'e@example.com' })).statusCode).toBe(201)
    expect((await shop_.lookup(code.code, '10.44.0.2')).json().total).toBe(1)
  })

  it('sent all at once are refused past the limit: each is counted before it is looked up', async () => {
    const ctx = await setupApp({ limits: tight })
    const { shop, product, code } = await shopWithProduct(ctx)
    const shop_ = buyer(ctx, shop, product.id)
    const ip = '10.46.0.1'
    const responses = await Promise.all([
      ...Array.from({ length: 8 }, (_, i) => shop_.lookup(`GUESS${i}`, ip)),
      ...Array.from({ length: 4 }, (_, i) => shop_.checkout({ ip, email: `g${i}@example.com`, extra: { discount: { code: `TRY${i}` } } })),
    ])
    const passed = responses.filter((response) => response.statusCode !== 429)
    expect(passed).toHaveLength(3)
    for (const response of responses.filter((r) => r.statusCode === 429)) expect(errorBody(response).errors?.[0]?.path).toMatch(/code$/)
    expect((await shop_.lookup(code.code, ip)).statusCode).toBe(429)
  })

  it('do not count a right code: it gives back the place it took while it was checked', async () => {
    const ctx = await setupApp({ limits: tight })
    const { shop, product, code } = await shopWithProduct(ctx)
    const shop_ = buyer(ctx, shop, product.id)
    const ip = '10.47.0.1'
    const withCode = { discount: { code: code.code } }
    for (let i = 0; i < 2; i++) {
      expect((await shop_.lookup(code.code, ip)).json().total).toBe(1)
      expect((await shop_.checkout({ ip, email: `r${i}@example.com`, extra: withCode })).json().discount).not.toBeNull()
      expect((await shop_.order({ ip, email: `r${i}@example.com`, extra: withCode })).statusCode).toBe(201)
    }
    for (let i = 0; i < 3; i++) expect((await shop_.lookup(`WRONG${i}`, ip)).json().total).toBe(0)
    expect((await shop_.lookup(code.code, ip)).statusCode).toBe(429)
  })

  it('stay limited with RATE_LIMITS=off', async () => {
    const ctx = await setupApp({ limits: { ...tight, enabled: false } })
    const { shop, product, code } = await shopWithProduct(ctx)
    const shop_ = buyer(ctx, shop, product.id)
    for (let i = 0; i < 3; i++) await shop_.lookup(`WRONG${i}`, '10.45.0.1')
    expect((await shop_.lookup(code.code, '10.45.0.1')).statusCode).toBe(429)
  })
})

describe('shops per account', () => {
  it('lets one account own at most MAX_SHOPS_PER_ACCOUNT shops, even when it asks for many at once', async () => {
    const ctx = await setupApp({ maxShopsPerAccount: 2 })
    const owner = await createUser(ctx)
    const create = (slug: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/shop-ids/', headers: owner.headers, payload: { slug, title: slug } })
    const statuses = (await Promise.all(['first-shop', 'second-shop', 'third-shop', 'fourth-shop'].map(create))).map((r) => r.statusCode)
    expect(statuses.filter((status) => status === 201)).toHaveLength(2)
    expect(statuses.filter((status) => status === 403)).toHaveLength(2)
    const refused = await create('fifth-shop')
    expect(refused.statusCode).toBe(403)
    expect(errorBody(refused).message).toMatch(/most one account may own/)
    const owned = await ctx.database.db.select({ total: count() }).from(shopRoles).where(eq(shopRoles.userId, owner.id))
    expect(owned[0]!.total).toBe(2)
  })
})
