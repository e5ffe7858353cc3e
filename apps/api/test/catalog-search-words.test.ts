/**
 * A search of several words with typos, in catalogs of a few hundred products in each of two shops: every
 * word must be in the title or near one of its words, the best match comes first, and a search that finds
 * nothing suggests a spelling that finds something in the same shop.
 */
import type { ProductPage } from '@shop/domain/schemas/catalog'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createShop, setupApp } from './helpers'

const ctx = await setupApp()
const { db } = ctx.database
const shop = await createShop(ctx)
const otherShop = await createShop(ctx)

const PER_SHOP = 300
const kinds = ['Classic', 'Slim', 'Vintage', 'Oversized', 'Kids', 'Everyday', 'Premium']
const materials = ['leather', 'cotton', 'linen', 'wool', 'denim', 'silk', 'suede', 'canvas', 'kente', 'batik', 'fleece']
const items = ['jacket', 'shirt', 'dress', 'skirt', 'trousers', 'shorts', 'sandals', 'boots', 'bag', 'scarf', 'hat', 'belt', 'coat']

/** "Slim kente shirt" and the like: 300 different titles per shop, the two shops' in turn. */
async function fill(shopId: string, offset: number, extra: string[]) {
  const titles = Array.from({ length: PER_SHOP }, (_, i) => {
    const g = i + offset
    return `${kinds[g % kinds.length]} ${materials[g % materials.length]} ${items[g % items.length]}`
  })
  titles.push(...extra)
  await db.execute(sql`
    insert into products (shop_id, title, price_minor, currency)
    select ${shopId}::uuid, t, 1000, 'GHS' from unnest(${`{${titles.map((t) => JSON.stringify(t)).join(',')}}`}::text[]) as t`)
  return titles
}

const ours = await fill(shop.id, 0, ['Kente shirt', 'Kente print shirt', 'Kente stole, graduation', 'Batik shirt'])
await fill(otherShop.id, 1, ['Kente shirt', 'Chocolate biscuits', 'Kente shirt from the other shop'])
await db.execute(sql`analyze products`)

async function search(text: string, shopId = shop.id) {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/products/?shop=${shopId}&title[$q]=${encodeURIComponent(text)}&$limit=100`,
  })
  expect(response.statusCode, response.body).toBe(200)
  const page = response.json<ProductPage>()
  expect(page.data.every((product) => product.shop === shopId)).toBe(true)
  return page
}

const words = (title: string) => title.toLowerCase().split(/[^a-z]+/)

describe('a search of several words', () => {
  it('finds "kente shrt" as the kente shirts, the closest title first, and never another shop\'s', async () => {
    const page = await search('kente shrt')
    const titles = page.data.map((product) => product.title)
    expect(titles[0]).toBe('Kente shirt')
    // "shrt" is near "shorts" too: both are found, and every shirt ranks above every pair of shorts.
    const expected = ours.filter((title) => words(title).includes('kente') && words(title).some((word) => word === 'shirt' || word === 'shorts'))
    expect(new Set(titles)).toEqual(new Set(expected))
    expect(page.total).toBe(expected.length)
    const shirts = titles.filter((title) => words(title).includes('shirt'))
    expect(shirts.length).toBeGreaterThan(2)
    expect(titles.slice(0, shirts.length)).toEqual(shirts)
    // The words side by side rank above the same words apart.
    expect(shirts.at(-1)).toBe('Kente print shirt')
    expect(titles).not.toContain('Kente stole, graduation')
    expect(titles).not.toContain('Batik shirt')
    expect(titles).not.toContain('Kente shirt from the other shop')
  })

  it('finds every word in any order and with a typo in each', async () => {
    const page = await search('shirt kente')
    expect(page.data[0]!.title).toBe('Kente shirt')
    expect((await search('kentte shirtt')).data[0]!.title).toBe('Kente shirt')
    expect(ours.filter((title) => title === 'Premium linen jacket')).toHaveLength(1)
    expect((await search('premum linnen jaket')).data.map((product) => product.title)).toEqual(['Premium linen jacket'])
  })

  it('keeps one-word typos and substrings working', async () => {
    const jackets = ours.filter((title) => words(title).includes('jacket'))
    expect(new Set((await search('jackt')).data.map((product) => product.title))).toEqual(new Set(jackets))
    expect((await search('stole')).data.map((product) => product.title)).toEqual(['Kente stole, graduation'])
  })

  it('suggests a spelling when nothing matches, from the shop\'s own titles only', async () => {
    const there = await search('choclate biscits', otherShop.id)
    expect(there).toMatchObject({ total: 0, suggestion: 'chocolate biscuits' })
    expect((await search(there.suggestion!, otherShop.id)).data.map((product) => product.title)).toEqual(['Chocolate biscuits'])
    const here = await search('choclate biscits')
    expect(here.total).toBe(0)
    expect(here.suggestion).toBeUndefined()
    // Two letters swapped are too far for trigrams, but the suggestion respells them.
    const swapped = await search('kente shrit')
    expect(swapped).toMatchObject({ total: 0, suggestion: 'kente shirt' })
    expect((await search(swapped.suggestion!)).data[0]!.title).toBe('Kente shirt')
    // A word no title is near leaves nothing to suggest.
    expect((await search('kente zzqx')).suggestion).toBeUndefined()
  })
})
