/**
 * Text PostgreSQL cannot store (U+0000, lone UTF-16 surrogates) is refused with a 400 naming the field, in
 * path parameters, query values and keys, JSON and form bodies, and headers, on every route, and changes
 * nothing.
 */
import { count, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { checkouts, orders, users } from '../src/db/schema'
import { commerceFixtures } from './commerce-fixtures'
import { createStaffedShop, errorBody, setupApp } from './helpers'

const logs: string[] = []
const ctx = await setupApp({}, { logStream: { write: (line) => void logs.push(line) }, logLevel: 'warn' })
const db = ctx.database.db
const { shop, owner, shopper } = await createStaffedShop(ctx)
const { addProduct, addRate } = commerceFixtures(ctx, shop.id)
const product = await addProduct({ title: 'Kente scarf' })
const rate = await addRate()

const NUL = '\u0000'
/** JSON text cannot carry a lone surrogate as a raw character, only as an escape: write the escape. */
const json = (body: unknown) => JSON.stringify(body).replace(/LONE_SURROGATE/g, '\\ud800')
const dispatch = (address: string) => ({ type: 'dispatch', region: 'GH-AA', rate: rate.id, address, phone: '0200000000' })

type Case = {
  name: string
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE'
  url: string
  body?: unknown
  as?: 'owner' | 'shopper'
  path: string
}

const cases: Case[] = [
  { name: 'a NUL in a path parameter', method: 'GET', url: '/api/shops/%00', path: 'id' },
  { name: 'a NUL inside a slug parameter', method: 'GET', url: '/api/shop-ids/ab%00cd', path: 'slug' },
  { name: 'a NUL in a JSON body string', method: 'PATCH', url: '/api/user', body: { name: NUL }, as: 'shopper', path: 'name' },
  { name: 'a lone surrogate in a JSON body string', method: 'PATCH', url: '/api/user', body: { name: 'LONE_SURROGATE' }, as: 'shopper', path: 'name' },
  {
    name: 'a NUL in a checkout address',
    method: 'POST',
    url: `/api/checkouts/?shop=${shop.id}&email=buyer@example.com`,
    body: { items: [{ product: product.id, count: 1 }], delivery: dispatch(`12 Oxford St${NUL}`) },
    path: 'delivery.address',
  },
  {
    name: 'a lone surrogate in an order address',
    method: 'POST',
    url: `/api/orders/?shop=${shop.id}&email=buyer@example.com`,
    body: { items: [{ product: product.id, count: 1 }], delivery: dispatch('12 LONE_SURROGATE St') },
    path: 'delivery.address',
  },
  { name: 'a NUL in a search', method: 'GET', url: `/api/products/?shop=${shop.id}&title[$q]=%00`, path: 'title.$q' },
  { name: 'a NUL in a plain query value', method: 'GET', url: `/api/discount-codes/?shop=${shop.id}&code=A%00B`, path: 'code' },
  { name: 'a NUL in a nested query array', method: 'GET', url: `/api/products/?shop=${shop.id}&$or[0][title][$q]=x%00`, as: 'owner', path: '$or.0.title.$q' },
  { name: 'a NUL in a query key', method: 'GET', url: `/api/products/?shop=${shop.id}&title[%00]=x`, path: 'title.\\u0000' },
  { name: 'a NUL in a key of a JSON body', method: 'PATCH', url: `/api/shops/${shop.id}`, body: { [`ti${NUL}tle`]: 'x' }, as: 'owner', path: 'ti\\u0000tle' },
  {
    name: 'a NUL deep in a JSON array',
    method: 'POST',
    url: '/api/products/',
    body: { shop: shop.id, title: 'Scarf', price: { value: 5, currency: 'GHS' }, variants: [{ _id: 'a', features: { size: NUL } }] },
    as: 'owner',
    path: 'variants.0.features.size',
  },
]

const headersFor = (as: Case['as']) => (as === 'owner' ? owner.headers : as === 'shopper' ? shopper.headers : {})

describe('unstorable text', () => {
  it.each(cases)('answers 400 naming the field for $name', async ({ method, url, body, as, path }) => {
    const response = await ctx.app.inject({
      method,
      url,
      headers: { ...headersFor(as), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { payload: json(body) }),
    })
    expect(response.statusCode, response.body).toBe(400)
    const error = errorBody(response)
    expect(error.name).toBe('BadRequest')
    expect(error.errors).toContainEqual({ path, message: expect.stringMatching(/NUL|surrogate/) })
  })

  it('changes nothing: no checkout, order or user name is written, and no database error is logged', async () => {
    const counts = async () => ({
      checkouts: (await db.select({ n: count() }).from(checkouts))[0]!.n,
      orders: (await db.select({ n: count() }).from(orders))[0]!.n,
    })
    const before = await counts()
    for (const item of cases) {
      await ctx.app.inject({ method: item.method, url: item.url, headers: { ...headersFor(item.as), 'content-type': 'application/json' }, ...(item.body ? { payload: json(item.body) } : {}) })
    }
    expect(await counts()).toEqual(before)
    const [user] = await db.select({ name: users.name }).from(users).where(eq(users.id, shopper.id))
    expect(user!.name).toBe('Test User')
    expect(logs.join('')).toBe('')
  })

  it('names every bad field of a body at once', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/checkouts/?shop=${shop.id}&email=buyer@example.com`,
      headers: { 'content-type': 'application/json' },
      payload: json({ items: [{ product: product.id, count: 1 }], delivery: { ...dispatch(NUL), phone: `020${NUL}` } }),
    })
    expect(response.statusCode).toBe(400)
    expect(errorBody(response).errors?.map((e) => e.path).sort()).toEqual(['delivery.address', 'delivery.phone'])
  })

  it('answers 401 first to an anonymous caller of a route that needs a user', async () => {
    const response = await ctx.app.inject({ method: 'PATCH', url: '/api/user', payload: { name: NUL } })
    expect(response.statusCode).toBe(401)
    expect(errorBody(response).name).toBe('NotAuthenticated')
  })

  it('refuses the headers the app reads: a NUL Idempotency-Key is a 400 naming it, a junk Authorization is anonymous', async () => {
    const key = await ctx.app.inject({
      method: 'POST',
      url: `/api/orders/?shop=${shop.id}&email=buyer@example.com`,
      headers: { 'idempotency-key': `abc${NUL}def` },
      payload: { items: [{ product: product.id, count: 1 }], delivery: { type: 'pick-up' } },
    })
    expect(key.statusCode).toBe(400)
    expect(errorBody(key).errors).toContainEqual({ path: 'headers.idempotency-key', message: expect.any(String) })
    const surrogateKey = await ctx.app.inject({
      method: 'POST',
      url: `/api/orders/?shop=${shop.id}&email=buyer@example.com`,
      headers: { 'idempotency-key': 'k\ud800' },
      payload: { items: [{ product: product.id, count: 1 }], delivery: { type: 'pick-up' } },
    })
    expect(surrogateKey.statusCode).toBe(400)
    expect(errorBody(surrogateKey).errors).toContainEqual({ path: 'headers.idempotency-key', message: expect.any(String) })

    for (const authorization of [`Bearer ${NUL}${'a'.repeat(40)}`, `Bearer ${'a'.repeat(40)}\ud800`, "Bearer ' or 1=1 --"]) {
      const user = await ctx.app.inject({ method: 'GET', url: '/api/user', headers: { authorization } })
      expect(user.statusCode).toBe(401)
      errorBody(user)
    }
  })
})

describe('form bodies', () => {
  const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString()
  const redir = 'http://shops.test'

  it('refuses a NUL in the login page\'s sign-up form with a 400 page and creates no account', async () => {
    const email = 'nul-signup@example.com'
    for (const fields of [
      { intent: 'signup', redir, email, password: 'password123', name: `Ama${NUL}` },
      { intent: 'signup', redir, email: `nul${NUL}@example.com`, password: 'password123', name: 'Ama' },
    ]) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/login',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: form(fields),
      })
      expect(response.statusCode).toBe(400)
      expect(response.headers['content-type']).toContain('text/html')
    }
    expect(await db.select().from(users).where(eq(users.email, email))).toEqual([])
    expect(logs.join('')).toBe('')
  })

  it('refuses a NUL in the test pay page\'s form', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/pay/test/${crypto.randomUUID()}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `outcome=pay&key=${encodeURIComponent(`${'k'.repeat(30)}${NUL}`)}`,
    })
    expect(response.statusCode).toBe(400)
    expect(response.headers['content-type']).toContain('text/html')
  })
})
