import type { Availability, Product, ProductPage } from '@shop/domain/schemas/catalog'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { products, shopConfigs } from '../src/db/schema'
import { type TestUser, createStaffedShop, errorBody, setupApp } from './helpers'

const ctx = await setupApp()
const { shop, otherShop, keeper, manager, shopper, outsider } = await createStaffedShop(ctx)

const inject = (method: 'GET' | 'POST' | 'PATCH', url: string, user?: TestUser, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: user ? user.headers : {}, ...(payload === undefined ? {} : { payload: payload as object }) })

async function create(title: string, extra: Record<string, unknown> = {}, user = keeper, shopId = shop.id) {
  const response = await inject('POST', '/api/products/', user, { shop: shopId, title, price: { value: 10, currency: 'GHS' }, ...extra })
  expect(response.statusCode, response.body).toBe(201)
  return response.json<Product>()
}

async function stock(product: string, variant: string | null, quantity: number, user = keeper, tracked?: boolean) {
  const response = await inject('POST', '/api/inventory/', user, { product, variant, quantity, ...(tracked === undefined ? {} : { tracked }) })
  expect(response.statusCode, response.body).toBe(200)
}

const shirt = await create('Kente print shirt', {
  variants: [{ features: { Size: 'S' } }, { features: { Size: 'M' } }, { features: { Size: 'L' } }, { features: { Size: 'XL' } }],
})
const [small, medium, large, extraLarge] = shirt.variants.map((variant) => variant._id) as [string, string, string, string]
await stock(shirt._id, small, 40)
await stock(shirt._id, medium, 3)
await stock(shirt._id, large, 0)
// XL has no stock row: not tracked, never sold out.
const mug = await create('Clay mug')
await stock(mug._id, null, 2)
const foreign = await create('Shirt of another shop', { variants: [{ features: { Size: 'L' } }] }, outsider, otherShop.id)
await stock(foreign._id, foreign.variants[0]!._id, 1, outsider)

const availabilityOf = (product: Product) => Object.fromEntries(product.variants.map((variant) => [variant.features.Size, variant.availability]))

describe('availability per variant', () => {
  it('tells shoppers each variant\'s level, and a count only at or below the threshold', async () => {
    for (const url of [`/api/products/${shirt._id}`, `/api/products/?shop=${shop.id}&_id=${shirt._id}`]) {
      const answer = (await inject('GET', url, shopper)).json<Product | ProductPage>()
      const product = 'data' in answer ? answer.data[0]! : answer
      expect(availabilityOf(product)).toEqual({
        S: { level: 'in-stock' },
        M: { level: 'low', left: 3 },
        L: { level: 'sold-out', left: 0 },
        XL: { level: 'in-stock' },
      })
      expect(product.availability).toEqual({ level: 'in-stock' })
      expect(product.stock).toBeUndefined()
    }
  })

  it('never shows a count above the threshold anywhere in a public answer', async () => {
    for (const user of [undefined, shopper, outsider]) {
      const list = await inject('GET', `/api/products/?shop=${shop.id}`, user)
      const detail = await inject('GET', `/api/products/${shirt._id}`, user)
      for (const body of [list.body, detail.body]) {
        const counts: number[] = []
        JSON.parse(body, (key, value: unknown) => {
          if (key === 'left') counts.push(value as number)
          expect(['quantity', 'stock', 'tracked']).not.toContain(key)
          return value
        })
        expect(counts.length).toBeGreaterThan(0)
        expect(Math.max(...counts)).toBeLessThanOrEqual(5)
      }
    }
  })

  it('gives a product without variants its own availability', async () => {
    const answer = (await inject('GET', `/api/products/${mug._id}`)).json<Product>()
    expect(answer.availability).toEqual({ level: 'low', left: 2 })
    expect(answer.variants).toEqual([])
  })

  it('follows the shop\'s threshold', async () => {
    await ctx.database.db.update(shopConfigs).set({ lowStockThreshold: 50 }).where(eq(shopConfigs.shopId, shop.id))
    try {
      const answer = (await inject('GET', `/api/products/${shirt._id}`)).json<Product>()
      expect(availabilityOf(answer).S).toEqual({ level: 'low', left: 40 })
    } finally {
      await ctx.database.db.update(shopConfigs).set({ lowStockThreshold: 5 }).where(eq(shopConfigs.shopId, shop.id))
    }
    const answer = (await inject('GET', `/api/products/${shirt._id}`)).json<Product>()
    expect(availabilityOf(answer).S).toEqual({ level: 'in-stock' })
  })

  it('counts only the product\'s own shop\'s rows', async () => {
    const answer = (await inject('GET', `/api/products/${foreign._id}`)).json<Product>()
    expect(answer.variants[0]!.availability).toEqual({ level: 'low', left: 1 })
    const page = (await inject('GET', `/api/products/?shop=${shop.id}`)).json<ProductPage>()
    expect(page.data.map((product) => product._id)).not.toContain(foreign._id)
  })

  it('shows staff the exact stock, and only their own shop\'s', async () => {
    const answer = (await inject('GET', `/api/products/${shirt._id}`, keeper)).json<Product>()
    expect(answer.stock?.sort((a, b) => b.quantity - a.quantity)).toEqual([
      { variant: small, quantity: 40, tracked: true },
      { variant: medium, quantity: 3, tracked: true },
      { variant: large, quantity: 0, tracked: true },
    ])
    const other = (await inject('GET', `/api/products/${shirt._id}`, outsider)).json<Product>()
    expect(other.stock).toBeUndefined()
    const untracked = await create('Untracked stock', {})
    await stock(untracked._id, null, 0, keeper, false)
    expect(((await inject('GET', `/api/products/${untracked._id}`)).json<Product>()).availability).toEqual({ level: 'in-stock' })
  })
})

describe('GET /api/products/?lowStock=true', () => {
  it('lists the shop\'s products with a tracked variant at or below the threshold, for staff', async () => {
    const page = await inject('GET', `/api/products/?shop=${shop.id}&lowStock=true`, keeper)
    expect(page.statusCode, page.body).toBe(200)
    expect((page.json<ProductPage>()).data.map((product) => product.title).sort()).toEqual(['Clay mug', 'Kente print shirt'])
    const other = await inject('GET', `/api/products/?shop=${otherShop.id}&lowStock=true`, outsider)
    expect((other.json<ProductPage>()).data.map((product) => product.title)).toEqual(['Shirt of another shop'])
  })

  it('is refused to shoppers and other shops\' staff', async () => {
    expect((await inject('GET', `/api/products/?shop=${shop.id}&lowStock=true`)).statusCode).toBe(401)
    expect((await inject('GET', `/api/products/?shop=${shop.id}&lowStock=true`, shopper)).statusCode).toBe(404)
    expect((await inject('GET', `/api/products/?shop=${shop.id}&lowStock=true`, outsider)).statusCode).toBe(404)
    expect((await inject('GET', `/api/products/?shop=${shop.id}&lowStock=yes`, keeper)).statusCode).toBe(400)
  })
})

describe('POST /api/stock-checks', () => {
  const check = (items: unknown[], shopId = shop.id) => inject('POST', '/api/stock-checks', undefined, { shop: shopId, items })

  it('says which lines there is enough of, and how many are left only to a line asking more', async () => {
    const response = await check([
      { product: shirt._id, variant: small, count: 2 },
      { product: shirt._id, variant: small, count: 41 },
      { product: shirt._id, variant: medium, count: 3 },
      { product: shirt._id, variant: large, count: 1 },
      { product: shirt._id, variant: extraLarge, count: 999 },
      { product: mug._id, count: 5 },
    ])
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json().items.map((item: { availability: Availability; enough: boolean }) => [item.availability, item.enough])).toEqual([
      [{ level: 'in-stock' }, true],
      [{ level: 'in-stock', left: 40 }, false],
      [{ level: 'low', left: 3 }, true],
      [{ level: 'sold-out', left: 0 }, false],
      [{ level: 'in-stock' }, true],
      [{ level: 'low', left: 2 }, false],
    ])
  })

  it('calls a product of another shop, a hidden one or a wrong variant gone', async () => {
    const hidden = await create('Hidden thing', { available: false })
    const response = await check([
      { product: foreign._id, variant: foreign.variants[0]!._id, count: 1 },
      { product: hidden._id, count: 1 },
      { product: shirt._id, variant: 'nope', count: 1 },
      { product: shirt._id, count: 1 },
      { product: mug._id, variant: small, count: 1 },
    ])
    expect(response.json().items.map((item: { gone: boolean; enough: boolean }) => [item.gone, item.enough])).toEqual(
      Array.from({ length: 5 }, () => [true, false]),
    )
  })

  it('refuses a malformed check', async () => {
    expect((await check([])).statusCode).toBe(400)
    expect((await check([{ product: mug._id, count: 0 }])).statusCode).toBe(400)
    expect((await check([{ product: mug._id, count: 1001 }])).statusCode).toBe(400)
    const extra = await inject('POST', '/api/stock-checks', undefined, { shop: shop.id, items: [{ product: mug._id, count: 1 }], quantity: 1 })
    expect(errorBody(extra).code).toBe(400)
  })
})

describe('PATCH /api/products/ (show or hide several)', () => {
  it('hides and shows products for any staff role, all at once', async () => {
    const a = await create('Bulk A')
    const b = await create('Bulk B')
    const hidden = await inject('PATCH', '/api/products/', keeper, { shop: shop.id, ids: [a._id, b._id], available: false })
    expect(hidden.statusCode, hidden.body).toBe(200)
    expect(hidden.json()).toEqual({ updated: 2, available: false })
    const rows = await ctx.database.db.select({ available: products.available }).from(products).where(eq(products.shopId, shop.id))
    expect(rows.length).toBeGreaterThan(2)
    for (const id of [a._id, b._id]) expect(((await inject('GET', `/api/products/${id}`)).statusCode)).toBe(404)
    const shown = await inject('PATCH', '/api/products/', manager, { shop: shop.id, ids: [a._id, b._id], available: true })
    expect(shown.json()).toEqual({ updated: 2, available: true })
    expect((await inject('GET', `/api/products/${a._id}`)).statusCode).toBe(200)
  })

  it('changes nothing when one id is another shop\'s, and names it', async () => {
    const a = await create('Bulk C')
    const response = await inject('PATCH', '/api/products/', keeper, { shop: shop.id, ids: [a._id, foreign._id], available: false })
    expect(response.statusCode).toBe(404)
    expect(errorBody(response).errors).toEqual([{ path: 'ids.1', message: 'is not a product of this shop' }])
    expect(((await inject('GET', `/api/products/${a._id}`)).json<Product>()).available).toBe(true)
    expect(((await inject('GET', `/api/products/${foreign._id}`)).json<Product>()).available).toBe(true)
  })

  it('is refused to anonymous callers, shoppers and other shops\' staff', async () => {
    const body = { shop: shop.id, ids: [mug._id], available: false }
    expect((await inject('PATCH', '/api/products/', undefined, body)).statusCode).toBe(401)
    expect((await inject('PATCH', '/api/products/', shopper, body)).statusCode).toBe(404)
    expect((await inject('PATCH', '/api/products/', outsider, body)).statusCode).toBe(404)
    expect((await inject('PATCH', '/api/products/', keeper, { ...body, ids: [] })).statusCode).toBe(400)
    expect((await inject('PATCH', '/api/products/', keeper, { ...body, ids: [mug._id, mug._id] })).statusCode).toBe(400)
    expect(((await inject('GET', `/api/products/${mug._id}`)).json<Product>()).available).toBe(true)
  })
})

await create('Dark chocolate bar')
await create('Chocolate spread')
await create('Hidden chocolate draft', { available: false })

describe('search suggestion', () => {
  const search = (text: string, user?: TestUser) => inject('GET', `/api/products/?shop=${shop.id}&title[$q]=${encodeURIComponent(text)}`, user)

  it('suggests a spelling that finds products when a search finds nothing', async () => {
    const missed = await search('choclate')
    expect(missed.json()).toMatchObject({ total: 0, data: [], suggestion: 'chocolate' })
    const found = (await search('chocolate')).json<ProductPage>()
    expect(found.total).toBe(2)
    expect(found).not.toHaveProperty('suggestion')
  })

  it('suggests nothing for nonsense, or from another shop\'s titles', async () => {
    expect((await search('zzqqxx')).json()).not.toHaveProperty('suggestion')
    const other = await inject('GET', `/api/products/?shop=${otherShop.id}&title[$q]=choclate`)
    expect(other.json()).toEqual({ total: 0, limit: 20, skip: 0, data: [] })
  })

  it('keeps the other filters: no suggestion that would find nothing with them', async () => {
    const response = await inject('GET', `/api/products/?shop=${shop.id}&title[$q]=choclate&price.value[$gt]=100`)
    expect(response.json()).toEqual({ total: 0, limit: 20, skip: 0, data: [] })
  })
})
