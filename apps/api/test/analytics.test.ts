import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { analyticsEvents, trackingIds } from '../src/db/schema'
import { createShop, errorBody, setupApp } from './helpers'

const ctx = await setupApp()
const db = ctx.database.db
const shop = await createShop(ctx)
const THIRTY_DAYS = 30 * 24 * 60 * 60

let ipCounter = 0
/** Each test uses its own client address, so the per-IP rate limits of one test do not reach another. */
const nextIp = () => `10.1.0.${++ipCounter}`

const newTrackingId = (payload: unknown = {}, remoteAddress = nextIp()) =>
  ctx.app.inject({ method: 'POST', url: '/api/tracking-ids', payload: payload as object, remoteAddress })

const postEvent = (trackingId: string, payload: unknown, remoteAddress = '10.2.0.1') =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/analytics?trackingId=${encodeURIComponent(trackingId)}`,
    payload: payload as object,
    remoteAddress,
  })

const visit = (extras: Record<string, string> = {}) => ({
  action: 'site_visit',
  category: 'shop',
  extras: { origin: 'http://demo.shops.test', shop: shop.id, ...extras },
})

async function trackingId(): Promise<string> {
  const response = await newTrackingId()
  expect(response.statusCode).toBe(201)
  return response.json().trackingId
}

const eventsOf = (id: string) => db.select().from(analyticsEvents).where(eq(analyticsEvents.trackingId, id))

describe('POST /api/tracking-ids', () => {
  it('answers a new id valid for 30 days and stores its expiry', async () => {
    const before = Date.now()
    const response = await newTrackingId({})
    expect(response.statusCode).toBe(201)
    const body = response.json()
    expect(body).toEqual({ trackingId: expect.stringMatching(/^[0-9a-f-]{36}$/), maxAge: THIRTY_DAYS })
    const [row] = await db.select().from(trackingIds).where(eq(trackingIds.id, body.trackingId))
    expect(row!.expiresAt.getTime()).toBeGreaterThanOrEqual(before + THIRTY_DAYS * 1000 - 1000)
    expect(row!.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + THIRTY_DAYS * 1000 + 1000)
    const second = await newTrackingId({})
    expect(second.json().trackingId).not.toBe(body.trackingId)
  })

  it('answers 400 to anything but an empty object', async () => {
    const counted = await db.$count(trackingIds)
    for (const payload of [{ a: 1 }, { trackingId: '00000000-0000-4000-8000-000000000000' }, [], [{}], 'x']) {
      const response = await newTrackingId(payload)
      expect(response.statusCode, JSON.stringify(payload)).toBe(400)
      errorBody(response)
    }
    // A body-less POST is one with `{}` (bodyless-posts.test.ts); a JSON value other than an object is not.
    const number = await ctx.app.inject({
      method: 'POST',
      url: '/api/tracking-ids',
      headers: { 'content-type': 'application/json' },
      payload: '0',
      remoteAddress: nextIp(),
    })
    expect(number.statusCode).toBe(400)
    errorBody(number)
    const malformed = await ctx.app.inject({
      method: 'POST',
      url: '/api/tracking-ids',
      headers: { 'content-type': 'application/json' },
      payload: '{',
      remoteAddress: nextIp(),
    })
    expect(malformed.statusCode).toBe(400)
    errorBody(malformed)
    const huge = await newTrackingId({ pad: 'x'.repeat(5000) })
    expect(huge.statusCode).toBe(413)
    errorBody(huge)
    expect(await db.$count(trackingIds)).toBe(counted)
  })

  it('is rate limited per client address', async () => {
    const ip = nextIp()
    for (let i = 0; i < 30; i++) expect((await newTrackingId({}, ip)).statusCode).toBe(201)
    const limited = await newTrackingId({}, ip)
    expect(limited.statusCode).toBe(429)
    expect(errorBody(limited).name).toBe('TooManyRequests')
    expect((await newTrackingId({}, nextIp())).statusCode).toBe(201)
  })
})

describe('POST /api/analytics', () => {
  it('records a site visit for the shop named in extras', async () => {
    const id = await trackingId()
    const response = await postEvent(id, visit({ page: '/products/' }))
    expect(response.statusCode).toBe(201)
    expect(response.json()).toEqual({ ok: true })
    const rows = await eventsOf(id)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      shopId: shop.id,
      trackingId: id,
      action: 'site_visit',
      category: 'shop',
      extras: { origin: 'http://demo.shops.test', shop: shop.id, page: '/products/' },
    })
  })

  it('answers 401 to an unknown, malformed or expired tracking id; a new id then works', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-tracking-id', '']) {
      const response = await postEvent(id, visit())
      expect(response.statusCode, id).toBe(401)
      expect(errorBody(response)).toMatchObject({ name: 'NotAuthenticated', message: 'Unknown or expired tracking id' })
    }
    const expired = await trackingId()
    await db.update(trackingIds).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(trackingIds.id, expired))
    const refused = await postEvent(expired, visit())
    expect(refused.statusCode).toBe(401)
    expect(errorBody(refused).message).toBe('Unknown or expired tracking id')
    expect(await eventsOf(expired)).toHaveLength(0)

    // The client renews its id and retries once (docs/product.md §7).
    const renewed = await trackingId()
    const retried = await postEvent(renewed, visit())
    expect(retried.statusCode).toBe(201)
    expect(await eventsOf(renewed)).toHaveLength(1)
  })

  it('answers 400 to an unknown, missing or malformed shop and writes nothing', async () => {
    const id = await trackingId()
    for (const [payload, path] of [
      [visit({ shop: '00000000-0000-4000-8000-000000000000' }), 'extras.shop'],
      [visit({ shop: 'demo' }), 'extras.shop'],
      [{ action: 'site_visit', category: 'shop', extras: { origin: 'http://x' } }, 'extras.shop'],
      [{ action: 'site_visit', category: 'shop' }, 'extras'],
    ] as const) {
      const response = await postEvent(id, payload)
      expect(response.statusCode, JSON.stringify(payload)).toBe(400)
      expect(errorBody(response).errors?.[0]?.path).toBe(path)
    }
    expect(await eventsOf(id)).toHaveLength(0)
  })

  it('answers 400 to bad bodies and queries, malformed JSON , 413 to bodies over 2 KB', async () => {
    const id = await trackingId()
    const tooManyExtras = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`k${i}`, 'v']))
    for (const payload of [
      { ...visit(), action: 'a'.repeat(51) },
      { ...visit(), category: '' },
      { category: 'shop', extras: { shop: shop.id } },
      { action: 'site_visit', extras: { shop: shop.id } },
      { ...visit(), action: 7 },
      { ...visit(), extras: { shop: shop.id, origin: 'o'.repeat(201) } },
      { ...visit(), extras: { shop: shop.id, count: 3 } },
      { ...visit(), extras: { shop: shop.id, nested: { a: 'b' } } },
      { ...visit(), extras: { shop: shop.id, ...tooManyExtras } },
      { ...visit(), extras: { shop: shop.id, ['k'.repeat(51)]: 'v' } },
      { ...visit(), extras: 'shop' },
      { ...visit(), shop: shop.id },
      { ...visit(), createdAt: '2020-01-01T00:00:00Z' },
      [visit()],
    ]) {
      const response = await postEvent(id, payload)
      expect(response.statusCode, JSON.stringify(payload).slice(0, 100)).toBe(400)
      errorBody(response)
    }
    for (const url of ['/api/analytics', `/api/analytics?trackingId=${id}&shop=${shop.id}`, `/api/analytics?trackingId[]=${id}`]) {
      const response = await ctx.app.inject({ method: 'POST', url, payload: visit(), remoteAddress: '10.2.0.1' })
      expect(response.statusCode, url).toBe(400)
      errorBody(response)
    }
    const malformed = await ctx.app.inject({
      method: 'POST',
      url: `/api/analytics?trackingId=${id}`,
      headers: { 'content-type': 'application/json' },
      payload: '{"action":"site_visit",',
      remoteAddress: '10.2.0.1',
    })
    expect(malformed.statusCode).toBe(400)
    errorBody(malformed)

    // Valid by the schema (9 extras of 200 characters), but over the route's 2 KB body limit.
    const big = { ...visit(), extras: { shop: shop.id, ...Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`k${i}`, 'é'.repeat(200)])) } }
    expect(Buffer.byteLength(JSON.stringify(big))).toBeGreaterThan(2048)
    const tooLarge = await postEvent(id, big)
    expect(tooLarge.statusCode).toBe(413)
    expect(errorBody(tooLarge).message).toBe('Request body is too large')
    expect(await eventsOf(id)).toHaveLength(0)
  })

  it('is rate limited per client address at 60 events a minute', async () => {
    const id = await trackingId()
    const ip = '10.3.0.1'
    for (let i = 0; i < 60; i++) expect((await postEvent(id, visit(), ip)).statusCode).toBe(201)
    const limited = await postEvent(id, visit(), ip)
    expect(limited.statusCode).toBe(429)
    expect(errorBody(limited).name).toBe('TooManyRequests')
    expect(await eventsOf(id)).toHaveLength(60)
    expect((await postEvent(id, visit(), '10.3.0.2')).statusCode).toBe(201)
  })
})
