import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { shopConfigs, shopRoles, shops } from '../src/db/schema'
import { createShop, createUser, errorBody, setupApp } from './helpers'

const ctx = await setupApp()
const db = ctx.database.db
const user = await createUser(ctx)
const existing = await createShop(ctx, {}, { slug: 'taken-shop' })

const countShops = async () => (await db.select({ id: shops.id }).from(shops)).length
const create = (payload: unknown, headers: object | undefined = user.headers) =>
  ctx.app.inject({ method: 'POST', url: '/api/shop-ids/', headers: headers as never, payload: payload as object })

describe('POST /api/shop-ids/', () => {
  it('creates the shop with its settings and the caller as active owner', async () => {
    const response = await create({ slug: 'kofi-kitchen', title: '  Kofi Kitchen ' })
    expect(response.statusCode).toBe(201)
    const body = response.json()
    expect(body).toEqual({ _id: expect.any(String), slug: 'kofi-kitchen' })

    const [shop] = await db.select().from(shops).where(eq(shops.id, body._id))
    expect(shop).toMatchObject({ slug: 'kofi-kitchen', title: 'Kofi Kitchen', currency: 'GHS' })
    const [config] = await db.select().from(shopConfigs).where(eq(shopConfigs.shopId, body._id))
    expect(config?.paymentOptions).toEqual([{ provider: 'manual', enabled: true }])
    const roles = await db.select().from(shopRoles).where(eq(shopRoles.shopId, body._id))
    expect(roles).toMatchObject([{ userId: user.id, role: 'owner', status: 'active' }])

    const role = await ctx.app.inject({ method: 'GET', url: `/api/role/?shop=${body._id}`, headers: user.headers })
    expect(role.json()).toEqual({ role: 'owner' })
    const profile = await ctx.app.inject({ method: 'GET', url: '/api/shops/kofi-kitchen' })
    expect(profile.json()).toMatchObject({ _id: body._id, title: 'Kofi Kitchen' })
    // The new owner can go on to fill in the rest (docs/architecture.md §11).
    const patched = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/shops/${body._id}`,
      headers: user.headers,
      payload: { about: 'Home cooking' },
    })
    expect(patched.statusCode).toBe(200)
  })

  it('answers 401 to anonymous callers', async () => {
    const before = await countShops()
    const response = await create({ slug: 'anon-shop', title: 'Anon' }, {})
    expect(response.statusCode).toBe(401)
    expect(errorBody(response).name).toBe('NotAuthenticated')
    expect(await countShops()).toBe(before)
  })

  it('answers 409 for a taken slug', async () => {
    const response = await create({ slug: existing.slug, title: 'Mine now' })
    expect(response.statusCode).toBe(409)
    expect(errorBody(response)).toMatchObject({ name: 'Conflict', errors: [{ path: 'slug', message: 'is already taken' }] })
    const [shop] = await db.select().from(shops).where(eq(shops.slug, existing.slug))
    expect(shop?.title).toBe(existing.title)
    expect(await db.select().from(shopRoles).where(eq(shopRoles.shopId, existing.id))).toEqual([])
  })

  it('gives a slug to exactly one of many simultaneous requests', async () => {
    const users = await Promise.all(Array.from({ length: 8 }, () => createUser(ctx)))
    const responses = await Promise.all(users.map((u) => create({ slug: 'race-shop', title: 'Race' }, u.headers)))
    const codes = responses.map((r) => r.statusCode).sort()
    expect(codes).toEqual([201, 409, 409, 409, 409, 409, 409, 409])
    const [shop] = await db.select().from(shops).where(eq(shops.slug, 'race-shop'))
    expect(await db.select().from(shopRoles).where(eq(shopRoles.shopId, shop!.id))).toHaveLength(1)
  })

  it('answers 400 to malformed slugs and other bad input, creating nothing', async () => {
    const before = await countShops()
    const bad: unknown[] = [
      { slug: 'Kofi', title: 'x' },
      { slug: 'ab', title: 'x' },
      { slug: 'a'.repeat(41), title: 'x' },
      { slug: '-kofi', title: 'x' },
      { slug: 'kofi-', title: 'x' },
      { slug: 'ko--fi', title: 'x' },
      { slug: 'ko fi', title: 'x' },
      { slug: 'kofi.shop', title: 'x' },
      { slug: 'admin', title: 'x' },
      { slug: 'www', title: 'x' },
      { slug: 42, title: 'x' },
      { slug: 'good-slug' },
      { slug: 'good-slug', title: '' },
      { slug: 'good-slug', title: '   ' },
      { slug: 'good-slug', title: 7 },
      { slug: 'good-slug', title: 'x'.repeat(101) },
      { slug: 'good-slug', title: 'x', owner: 'someone' },
      [],
    ]
    for (const payload of bad) {
      const response = await create(payload)
      expect(response.statusCode, JSON.stringify(payload)).toBe(400)
      expect(errorBody(response).name).toBe('BadRequest')
    }
    const malformed = await ctx.app.inject({
      method: 'POST',
      url: '/api/shop-ids/',
      headers: { ...user.headers, 'content-type': 'application/json' },
      payload: '{"slug": "x"',
    })
    expect(malformed.statusCode).toBe(400)
    errorBody(malformed)
    expect(await countShops()).toBe(before)
  })

  it('names the slug when it is malformed', async () => {
    const response = await create({ slug: 'Bad Slug', title: 'x' })
    expect(errorBody(response).errors?.[0]?.path).toBe('slug')
  })
})

describe('GET /api/shop-ids/{slug}', () => {
  it('tells whether a slug is free', async () => {
    const taken = await ctx.app.inject({ method: 'GET', url: `/api/shop-ids/${existing.slug}` })
    expect(taken.statusCode).toBe(200)
    expect(taken.json()).toEqual({ slug: existing.slug, available: false })
    const free = await ctx.app.inject({ method: 'GET', url: '/api/shop-ids/free-slug' })
    expect(free.json()).toEqual({ slug: 'free-slug', available: true })
  })

  it('answers 400 to a malformed slug', async () => {
    for (const slug of ['UPPER', 'ab', 'admin', 'a--b', 'a%20b', 'x'.repeat(61)]) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/shop-ids/${slug}` })
      expect(response.statusCode, slug).toBe(400)
      errorBody(response)
    }
  })

  it('is rate limited per client', async () => {
    const remoteAddress = '203.0.113.9'
    for (let i = 0; i < 60; i++) {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/shop-ids/some-slug', remoteAddress })
      expect(response.statusCode).toBe(200)
    }
    const limited = await ctx.app.inject({ method: 'GET', url: '/api/shop-ids/some-slug', remoteAddress })
    expect(limited.statusCode).toBe(429)
    expect(errorBody(limited).name).toBe('TooManyRequests')
    const other = await ctx.app.inject({ method: 'GET', url: '/api/shop-ids/some-slug', remoteAddress: '203.0.113.10' })
    expect(other.statusCode).toBe(200)
  })
})
