import type { Category, Product, ProductPage } from '@shop/domain/schemas/catalog'
import { describe, expect, it } from 'vitest'
import { createStaffedShop, setupApp } from './helpers'

const ctx = await setupApp()
const { shop, otherShop, keeper, outsider } = await createStaffedShop(ctx)

async function create(title: string, price: number, extra: Record<string, unknown> = {}, user = keeper, shopId = shop.id) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/products/',
    headers: user.headers,
    payload: { shop: shopId, title, price: { value: price, currency: 'GHS' }, ...extra },
  })
  expect(response.statusCode, response.body).toBe(201)
  return response.json<Product>()
}

async function list(query: string) {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/products/?shop=${shop.id}&${query}` })
  expect(response.statusCode, response.body).toBe(200)
  return response.json<ProductPage>()
}
const titles = (page: { data: Product[] }) => page.data.map((p) => p.title)

const category = await ctx.app
  .inject({ method: 'POST', url: '/api/categories/', headers: keeper.headers, payload: { shop: shop.id, name: 'Outerwear' } })
  .then((r) => r.json<Category>())
// Created oldest first: the default order (newest first) is the reverse of this list.
await create('Leather jacket, brown', 450, { categories: [category._id] })
await create('Wool scarf', 60)
await create('Denim jeans', 180.5)
await create('Leather belt', 75.25)
await create('Rain coat', 300, { categories: [category._id] })
const kids = await create('Jackets for kids', 120)
await create('Leather jacket, hidden draft', 10, { available: false })
await create('Leather jacket from another shop', 1, {}, outsider, otherShop.id)

describe('product search (title[$q])', () => {
  it('tolerates a typo: "jackt" finds the jackets and nothing else, only in this shop', async () => {
    const page = await list('title[$q]=jackt')
    expect(titles(page).sort()).toEqual(['Jackets for kids', 'Leather jacket, brown'])
    expect(page.total).toBe(2)
  })

  it('reports the whole total on every page of a search, past the end and with $limit=0', async () => {
    expect(await list('title[$q]=leather&$limit=1')).toMatchObject({ total: 2, limit: 1, skip: 0 })
    const second = await list('title[$q]=leather&$limit=1&$skip=1')
    expect(second).toMatchObject({ total: 2, skip: 1 })
    expect(second.data).toHaveLength(1)
    expect(await list('title[$q]=leather&$skip=10')).toMatchObject({ total: 2, skip: 10, data: [] })
    expect(await list('title[$q]=leather&$limit=0')).toEqual({ total: 2, limit: 0, skip: 0, data: [] })
    expect(await list('title[$q]=zzzzqqq')).toMatchObject({ total: 0, data: [] })
  })

  it('ranks the better match first, ahead of the newer product', async () => {
    // Default order would put "Jackets for kids" (newer) first; the whole word "jacket" matches better.
    expect(titles(await list('title[$q]=jacket'))).toEqual(['Leather jacket, brown', 'Jackets for kids'])
    expect(titles(await list('title[$q]=leather%20jackt'))).toEqual(['Leather jacket, brown'])
  })

  it('is case-insensitive, matches substrings and treats LIKE wildcards literally', async () => {
    expect(titles(await list('title[$q]=LEATHER')).sort()).toEqual(['Leather belt', 'Leather jacket, brown'])
    expect(titles(await list('title[$q]=%25'))).toEqual([])
    expect(titles(await list('title[$q]=_'))).toEqual([])
  })

  it('ignores an empty search and lets an explicit sort override the ranking', async () => {
    expect((await list('title[$q]=%20%20')).total).toBe(6)
    expect(titles(await list('title[$q]=jacket&$sort[price.value]=1'))).toEqual(['Jackets for kids', 'Leather jacket, brown'])
  })

  it('combines search with the other filters', async () => {
    expect(titles(await list(`title[$q]=jackt&category=${category._id}`))).toEqual(['Leather jacket, brown'])
    expect(titles(await list('title[$q]=jackt&price.value[$lt]=200'))).toEqual(['Jackets for kids'])
  })
})

describe('sorting, paging and filters', () => {
  it('sorts by price ascending and descending', async () => {
    const ascending = await list('$sort[price.value]=1')
    expect(ascending.data.map((p) => p.price.value)).toEqual([60, 75.25, 120, 180.5, 300, 450])
    const descending = await list('$sort[price.value]=-1')
    expect(descending.data.map((p) => p.price.value)).toEqual([450, 300, 180.5, 120, 75.25, 60])
  })

  it('answers staff and shoppers alike sorted, each with what they may see', async () => {
    const staffList = async (query: string) => {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/products/?shop=${shop.id}&${query}`, headers: keeper.headers })
      expect(response.statusCode, response.body).toBe(200)
      return response.json<ProductPage>()
    }
    // Alternating the two audiences and orderings on the same connections, in any order.
    for (let round = 0; round < 2; round++) {
      const staffCheapest = await staffList('$sort[price.value]=1&$limit=2')
      expect(staffCheapest.total).toBe(7)
      expect(titles(staffCheapest)).toEqual(['Leather jacket, hidden draft', 'Wool scarf'])
      expect((await list('$sort[price.value]=1&$limit=2')).data.map((p) => p.price.value)).toEqual([60, 75.25])
      expect((await staffList('$sort[price.value]=-1&$limit=1')).data[0]!.title).toBe('Leather jacket, brown')
      expect((await list('')).total).toBe(6)
    }
  })

  it('sorts by createdAt, newest first by default', async () => {
    const newest = titles(await list(''))
    expect(newest[0]).toBe('Jackets for kids')
    expect(newest.at(-1)).toBe('Leather jacket, brown')
    expect(titles(await list('$sort[createdAt]=1'))).toEqual([...newest].reverse())
  })

  it('pages with $limit and $skip and reports the total', async () => {
    const all = titles(await list('$sort[price.value]=1'))
    const first = await list('$sort[price.value]=1&$limit=4')
    const second = await list('$sort[price.value]=1&$limit=4&$skip=4')
    expect(first).toMatchObject({ total: 6, limit: 4, skip: 0 })
    expect(second).toMatchObject({ total: 6, limit: 4, skip: 4 })
    expect([...titles(first), ...titles(second)]).toEqual(all)
    expect(await list('$limit=0')).toEqual({ total: 6, limit: 0, skip: 0, data: [] })
    expect((await list('$limit=1000')).limit).toBe(100)
    expect(await list('$skip=50')).toMatchObject({ total: 6, data: [] })
  })

  it('filters by category, with $in too', async () => {
    expect(titles(await list(`category=${category._id}`))).toEqual(['Rain coat', 'Leather jacket, brown'])
    expect(titles(await list(`category[$in][]=${category._id}&category[$in][]=${otherShop.id}`))).toHaveLength(2)
    expect((await list(`category=${crypto.randomUUID()}`)).total).toBe(0)
  })

  it('filters by inStock', async () => {
    const set = await ctx.app.inject({
      method: 'POST',
      url: '/api/inventory/',
      headers: keeper.headers,
      payload: { product: kids._id, quantity: 0 },
    })
    expect(set.statusCode).toBe(200)
    expect(titles(await list('inStock=false'))).toEqual(['Jackets for kids'])
    expect(titles(await list('inStock=true'))).not.toContain('Jackets for kids')
    expect((await list('inStock=true')).total).toBe(5)
    await ctx.app.inject({ method: 'POST', url: '/api/inventory/', headers: keeper.headers, payload: { product: kids._id, quantity: 2 } })
    expect((await list('inStock=true')).total).toBe(6)
  })
})
