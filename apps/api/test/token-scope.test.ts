/**
 * Tokens are bound to where they were issued: a login code works only for the origin it was issued for
 * (and only with that Origin), and the token it yields acts in that origin's shop only. Tokens of the
 * platform's own origin and of email and password stay platform-wide.
 */
import type { LoginCode } from '@shop/domain/schemas/auth'
import { beforeAll, describe, expect, it } from 'vitest'
import { notifications } from '../src/db/schema'
import { commerceFixtures } from './commerce-fixtures'
import { TEST_PASSWORD, type TestShop, type TestUser, createShop, createUser, errorBody, setupApp } from './helpers'
import { insertOrder } from './order-fixtures'

const ctx = await setupApp()
const platform = 'http://shops.test'
let owner: TestUser
let shopA: TestShop
let shopB: TestShop
const originOf = (shop: TestShop) => `http://${shop.slug}.shops.test`

let addresses = 0
/** Each login from its own address, so the per-IP login limits of other tests do not interfere. */
const nextAddress = () => `10.9.${Math.floor(addresses / 250)}.${(addresses++ % 250) + 1}`

/** Signs in on the login page for `redir` and answers the code it hands back. */
async function loginCode(email: string, redir: string): Promise<string> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/login',
    remoteAddress: nextAddress(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ intent: 'signin', email, password: TEST_PASSWORD, redir }).toString(),
  })
  expect(response.statusCode).toBe(303)
  return new URL(response.headers.location as string).searchParams.get('code')!
}

async function exchange(code: string, origin?: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/token/',
    remoteAddress: nextAddress(),
    headers: origin ? { origin } : {},
    payload: { code },
  })
}

/** A token as the given site's login hands it out. */
async function tokenFor(email: string, origin: string): Promise<{ authorization: string }> {
  const response = await exchange(await loginCode(email, origin), origin)
  expect(response.statusCode).toBe(201)
  return { authorization: `Bearer ${response.json().access_token}` }
}

beforeAll(async () => {
  owner = await createUser(ctx, { email: 'owner-of-two@example.com' })
  shopA = await createShop(ctx, { owner })
  shopB = await createShop(ctx, { owner })
})

describe('exchanging a login code', () => {
  it('refuses an exchange without an Origin, leaving the code to the site it was issued for', async () => {
    const code = await loginCode(owner.email, originOf(shopA))
    const response = await exchange(code)
    expect(response.statusCode).toBe(400)
    expect(errorBody(response).errors?.[0]?.path).toBe('code')
    // Nothing was spent: the right site can still finish its login.
    expect((await exchange(code, originOf(shopA))).statusCode).toBe(201)
  })

  it('refuses an exchange from another origin than the one the code was issued for', async () => {
    const code = await loginCode(owner.email, originOf(shopA))
    expect((await exchange(code, originOf(shopB))).statusCode).toBe(400)
    expect((await exchange(code, platform)).statusCode).toBe(400)
  })
})

describe("a token issued to one shop's site", () => {
  let scoped: { authorization: string }
  beforeAll(async () => {
    scoped = await tokenFor(owner.email, originOf(shopA))
  })

  it('is staff of that shop only: the other shop answers as for a stranger', async () => {
    const roleA = await ctx.app.inject({ url: `/api/role/?shop=${shopA.id}`, headers: scoped })
    expect(roleA.json()).toEqual({ role: 'owner' })
    const roleB = await ctx.app.inject({ url: `/api/role/?shop=${shopB.id}`, headers: scoped })
    expect(roleB.json()).toEqual({ role: null })

    const editA = await ctx.app.inject({ method: 'PATCH', url: `/api/shops/${shopA.id}`, headers: scoped, payload: { tagline: 'Mine' } })
    expect(editA.statusCode).toBe(200)
    for (const [method, url, payload] of [
      ['PATCH', `/api/shops/${shopB.id}`, { tagline: 'Taken over' }],
      ['GET', `/api/shop-configs/${shopB.id}`, undefined],
      ['PATCH', `/api/shop-configs/${shopB.id}`, { taxRate: 1 }],
      ['GET', `/api/shop-roles/?shop=${shopB.id}&status=active`, undefined],
      ['POST', '/api/shop-role-invitations/', { shop: shopB.id, email: 'friend@example.com', role: 'owner' }],
      ['GET', `/api/orders/?shop=${shopB.id}`, undefined],
    ] as const) {
      const response = await ctx.app.inject({ method, url, headers: scoped, ...(payload ? { payload } : {}) })
      expect(response.statusCode, `${method} ${url}`).toBe(404)
      errorBody(response)
    }
    const profile = await ctx.app.inject({ url: `/api/shops/${shopB.id}` })
    expect(profile.json().tagline).not.toBe('Taken over')
  })

  it("is no buyer of the other shop: that shop's orders and notifications stay hidden", async () => {
    const orderA = await insertOrder(ctx, { shopId: shopA.id, profileId: owner.id })
    const orderB = await insertOrder(ctx, { shopId: shopB.id, profileId: owner.id })
    await ctx.database.db.insert(notifications).values([
      { shopId: shopA.id, userId: owner.id, type: 'order-placed', title: 'In A' },
      { shopId: shopB.id, userId: owner.id, type: 'order-placed', title: 'In B' },
    ])

    const own = await ctx.app.inject({ url: `/api/orders/?profile=${owner.id}`, headers: scoped })
    expect(own.json().data.map((order: { _id: string }) => order._id)).toEqual([orderA.id])
    expect((await ctx.app.inject({ url: `/api/orders/?profile=${owner.id}&shop=${shopB.id}`, headers: scoped })).statusCode).toBe(401)
    expect((await ctx.app.inject({ url: `/api/orders/${orderA.id}`, headers: scoped })).statusCode).toBe(200)
    expect((await ctx.app.inject({ url: `/api/orders/${orderB.id}`, headers: scoped })).statusCode).toBe(404)
    const cancel = await ctx.app.inject({ method: 'PATCH', url: `/api/orders/${orderB.id}`, headers: scoped, payload: { status: 'canceled' } })
    expect(cancel.statusCode).toBe(404)

    const listed = await ctx.app.inject({ url: '/api/notifications/', headers: scoped })
    expect(listed.json().data.map((n: { title: string }) => n.title)).toEqual(['In A'])
    expect((await ctx.app.inject({ url: `/api/notifications-hint?shop=${shopB.id}`, headers: scoped })).json()).toEqual({ count: 0 })
    expect((await ctx.app.inject({ url: '/api/notifications-hint', headers: scoped })).json()).toEqual({ count: 1 })

    const platformWide = await ctx.app.inject({ url: `/api/orders/?profile=${owner.id}`, headers: owner.headers })
    expect(platformWide.json().total).toBe(2)
  })

  it('places an order in the other shop only as an anonymous buyer would', async () => {
    const { addProduct } = commerceFixtures(ctx, shopB.id)
    const product = await addProduct({ title: 'Basket' })
    const body = { items: [{ product: product.id, count: 1 }], delivery: { type: 'pick-up' } }
    const withoutEmail = await ctx.app.inject({ method: 'POST', url: `/api/orders/?shop=${shopB.id}`, headers: scoped, payload: body })
    expect(withoutEmail.statusCode).toBe(400)
    expect(errorBody(withoutEmail).errors?.[0]?.path).toBe('email')
    const placed = await ctx.app.inject({ method: 'POST', url: `/api/orders/?shop=${shopB.id}&email=someone@example.com`, headers: scoped, payload: body })
    expect(placed.statusCode).toBe(201)
    expect(placed.json()).toMatchObject({ profile: null, email: 'someone@example.com' })
    expect(placed.json().accessKey).toEqual(expect.any(String))
  })

  it("reads and edits the user's own profile", async () => {
    expect((await ctx.app.inject({ url: '/api/user/', headers: scoped })).json()).toMatchObject({ _id: owner.id })
    const renamed = await ctx.app.inject({ method: 'PATCH', url: '/api/user/', headers: scoped, payload: { name: 'Akosua' } })
    expect(renamed.json()).toMatchObject({ name: 'Akosua' })
  })

  it('cannot open shops or hand itself to another shop', async () => {
    const created = await ctx.app.inject({ method: 'POST', url: '/api/shop-ids/', headers: scoped, payload: { slug: 'scoped-made', title: 'Scoped' } })
    expect(created.statusCode).toBe(403)
    errorBody(created)
    const elsewhere = await ctx.app.inject({ method: 'POST', url: '/api/login-codes', remoteAddress: nextAddress(), headers: scoped, payload: { redir: originOf(shopB) } })
    expect(elsewhere.statusCode).toBe(403)
    const toPlatform = await ctx.app.inject({ method: 'POST', url: '/api/login-codes', remoteAddress: nextAddress(), headers: scoped, payload: { redir: platform } })
    expect(toPlatform.statusCode).toBe(403)
    const sameShop = await ctx.app.inject({ method: 'POST', url: '/api/login-codes', remoteAddress: nextAddress(), headers: scoped, payload: { redir: originOf(shopA) } })
    expect(sameShop.statusCode).toBe(201)
  })
})

describe('platform-wide tokens', () => {
  it("act in every shop when issued on the platform's own origin", async () => {
    const token = await tokenFor(owner.email, platform)
    for (const shop of [shopA, shopB]) {
      expect((await ctx.app.inject({ url: `/api/role/?shop=${shop.id}`, headers: token })).json()).toEqual({ role: 'owner' })
    }
    const created = await ctx.app.inject({ method: 'POST', url: '/api/shop-ids/', headers: token, payload: { slug: 'platform-made', title: 'Made' } })
    expect(created.statusCode).toBe(201)
  })

  it('act in every shop when issued for email and password', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/token/', remoteAddress: nextAddress(), payload: { email: owner.email, password: TEST_PASSWORD } })
    const token = { authorization: `Bearer ${response.json().access_token}` }
    for (const shop of [shopA, shopB]) {
      expect((await ctx.app.inject({ url: `/api/role/?shop=${shop.id}`, headers: token })).json()).toEqual({ role: 'owner' })
    }
  })

  it('carry a code from the platform to one shop, where the new token is that shop’s only', async () => {
    const { code } = (
      await ctx.app.inject({ method: 'POST', url: '/api/login-codes', remoteAddress: nextAddress(), headers: owner.headers, payload: { redir: originOf(shopB) } })
    ).json<LoginCode>()
    const handed = await exchange(code, originOf(shopB))
    const token = { authorization: `Bearer ${handed.json().access_token}` }
    expect((await ctx.app.inject({ url: `/api/role/?shop=${shopB.id}`, headers: token })).json()).toEqual({ role: 'owner' })
    expect((await ctx.app.inject({ url: `/api/role/?shop=${shopA.id}`, headers: token })).json()).toEqual({ role: null })
  })
})
