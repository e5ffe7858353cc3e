/**
 * What search engines and catalogs read from a shop's host: robots.txt, the sitemap and the Merchant Center
 * product feed. Each answers for the host's shop only (slug host or verified custom domain), with absolute
 * addresses on that host, and never shows a hidden product or another shop's.
 */
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { loadConfig } from '../src/config'
import { inventory, products, shopDomains } from '../src/db/schema'
import { productFactory } from '../src/seed/factories'
import { createShop, setupApp } from './helpers'
import { type XmlElement, childText, childrenNamed, readXml } from './xml-reader'

const ctx = await setupApp()
const db = ctx.database.db
const shop = await createShop(ctx, {}, { title: 'Ama & Sons <Kente>' })
const other = await createShop(ctx)
const host = `${shop.slug}.shops.test`
await db.insert(shopDomains).values({ shopId: shop.id, domain: 'kente.example', status: 'verified', verificationToken: 't1', verifiedAt: new Date() })
await db.insert(shopDomains).values({ shopId: other.id, domain: 'pending.example', status: 'pending', verificationToken: 't2' })

async function addProduct(shopId: string, overrides: Parameters<typeof productFactory>[1] = {}) {
  const [row] = await db.insert(products).values(productFactory(shopId, overrides)).returning()
  return row!
}

const image = (name: string) => ({ url: `/uploads/${name}.jpg`, thumbnail: `/uploads/${name}-t.jpg` })
const stole = await addProduct(shop.id, {
  title: 'Kente stole',
  description: '**Handwoven** in [Bonwire](https://example.com) & dyed <by hand>\u0007.',
  priceMinor: 12_000,
  sellAtMinor: 9_950,
  images: [image('stole'), image('stole-back')],
  updatedAt: new Date('2026-03-04T05:06:07.000Z'),
})
const shirt = await addProduct(shop.id, {
  title: 'Kente shirt',
  priceMinor: 20_000,
  images: [image('shirt')],
  variants: [
    { _id: 'sm', features: { Size: 'S', Colour: 'Gold' } },
    { _id: 'lg', features: { Size: 'L', Colour: 'Gold' } },
  ],
})
await db.insert(inventory).values([
  { shopId: shop.id, productId: shirt.id, variantId: 'sm', quantity: 4, tracked: true },
  { shopId: shop.id, productId: shirt.id, variantId: 'lg', quantity: 0, tracked: true },
])
const hidden = await addProduct(shop.id, { title: 'Secret draft', available: false })
const foreign = await addProduct(other.id, { title: 'Other shop bead' })

const get = (url: string, hostHeader: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers: { host: hostHeader, ...headers } })

describe('robots.txt', () => {
  it('names the sitemap on the host asked and keeps crawlers out of private pages', async () => {
    for (const name of [host, 'kente.example']) {
      const response = await get('/robots.txt', name)
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-type']).toMatch(/^text\/plain/)
      expect(response.headers['cache-control']).toMatch(/^public/)
      expect(response.body).toContain('User-agent: *')
      expect(response.body).toContain(`Sitemap: http://${name}/sitemap.xml`)
      expect(response.body).toMatch(/^Disallow: \/admin$/m)
      expect(response.body).toMatch(/^Disallow: \/checkout$/m)
      expect(response.body).not.toMatch(/^Disallow: \/products/m)
      expect(response.body).not.toMatch(/^Disallow: \/$/m)
    }
  })

  it('names no sitemap on the platform’s own host, and an unknown or unverified host has none', async () => {
    const platform = await get('/robots.txt', 'shops.test')
    expect(platform.statusCode).toBe(200)
    expect(platform.body).not.toContain('Sitemap:')
    expect((await get('/robots.txt', 'nowhere.example')).statusCode).toBe(404)
    expect((await get('/robots.txt', 'pending.example')).statusCode).toBe(404)
  })
})

describe('sitemap.xml', () => {
  async function sitemap(hostHeader: string) {
    const response = await get('/sitemap.xml', hostHeader)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^application\/xml/)
    const root = readXml(response.body)
    expect(root.name).toBe('urlset')
    expect(root.attributes.xmlns).toBe('http://www.sitemaps.org/schemas/sitemap/0.9')
    return childrenNamed(root, 'url').map((url) => ({ loc: childText(url, 'loc')!, lastmod: childText(url, 'lastmod') }))
  }

  it('lists the shop’s pages and each visible product at its readable address with its last change', async () => {
    const urls = await sitemap(host)
    const origin = `http://${host}`
    expect(urls.slice(0, 4).map((url) => url.loc)).toEqual([`${origin}/`, `${origin}/about`, `${origin}/reviews`, `${origin}/products/`])
    expect(urls).toContainEqual({ loc: `${origin}/products/${stole.id}-kente-stole`, lastmod: '2026-03-04T05:06:07.000Z' })
    expect(urls).toContainEqual({ loc: `${origin}/products/${shirt.id}-kente-shirt`, lastmod: shirt.updatedAt.toISOString() })
    expect(urls).toHaveLength(6)
  })

  it('never lists a hidden product or another shop’s', async () => {
    const text = JSON.stringify(await sitemap(host))
    expect(text).not.toContain(hidden.id)
    expect(text).not.toContain(foreign.id)
    const theirs = JSON.stringify(await sitemap(`${other.slug}.shops.test`))
    expect(theirs).toContain(foreign.id)
    expect(theirs).not.toContain(stole.id)
  })

  it('writes the verified custom domain’s own addresses when asked there', async () => {
    const urls = await sitemap('kente.example')
    expect(urls.every((url) => url.loc.startsWith('http://kente.example/'))).toBe(true)
    expect(urls.map((url) => url.loc)).toContain(`http://kente.example/products/${stole.id}-kente-stole`)
  })

  it('writes https addresses behind a trusted proxy that says so', async () => {
    const proxied = await setupApp({ trustProxy: loadConfig({ TRUST_PROXY: '127.0.0.1' }).trustProxy })
    const theShop = await createShop(proxied)
    const response = await proxied.app.inject({
      method: 'GET',
      url: '/sitemap.xml',
      remoteAddress: '127.0.0.1',
      headers: { host: `${theShop.slug}.shops.test`, 'x-forwarded-proto': 'https' },
    })
    expect(response.body).toContain(`<loc>https://${theShop.slug}.shops.test/</loc>`)
  })

  it('has no shop sitemap on the platform’s host or an unknown one', async () => {
    expect((await get('/sitemap.xml', 'shops.test')).statusCode).toBe(404)
    expect((await get('/sitemap.xml', 'nowhere.example')).statusCode).toBe(404)
    expect((await get('/sitemap.xml', 'pending.example')).statusCode).toBe(404)
  })

  it('pages at the sitemap protocol’s 50,000 addresses unless told fewer', () => {
    expect(loadConfig({}).sitemapPageSize).toBe(50_000)
    expect(() => loadConfig({ SITEMAP_PAGE_SIZE: '50001' })).toThrow()
  })

  it('becomes an index of pages past one page’s addresses, each product once, in order (decision 97)', async () => {
    const small = await setupApp({ sitemapPageSize: 5 })
    const theShop = await createShop(small)
    const at = (url: string, hostHeader = `${theShop.slug}.shops.test`) => small.app.inject({ method: 'GET', url, headers: { host: hostHeader } })
    const locs = async (url: string) => childrenNamed(readXml((await at(url)).body), 'url').map((node) => childText(node, 'loc'))
    const add = (index: number, available = true) =>
      small.database.db
        .insert(products)
        .values(productFactory(theShop.id, { title: `Bead ${index}`, available, createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, index)) }))
        .returning()
    const origin = `http://${theShop.slug}.shops.test`

    // The shop's 4 pages and 1 product fill one page: still a plain sitemap.
    const [first] = await add(0)
    expect(readXml((await at('/sitemap.xml')).body).name).toBe('urlset')
    expect(await locs('/sitemap.xml')).toHaveLength(5)
    expect((await at('/sitemap-1.xml')).statusCode).toBe(200)
    expect((await at('/sitemap-2.xml')).statusCode).toBe(404)

    // 4 + 8 visible products = 12 addresses: 3 pages of at most 5. A hidden product takes no place.
    const rows = [first!]
    for (let index = 1; index < 8; index++) rows.push((await add(index))[0]!)
    await add(99, false)
    const index = await at('/sitemap.xml')
    expect(index.statusCode).toBe(200)
    expect(index.headers['content-type']).toBe('application/xml; charset=utf-8')
    const root = readXml(index.body)
    expect(root.name).toBe('sitemapindex')
    expect(root.attributes.xmlns).toBe('http://www.sitemaps.org/schemas/sitemap/0.9')
    expect(childrenNamed(root, 'sitemap').map((node) => childText(node, 'loc'))).toEqual([1, 2, 3].map((n) => `${origin}/sitemap-${n}.xml`))

    const pages = [await locs('/sitemap-1.xml'), await locs('/sitemap-2.xml'), await locs('/sitemap-3.xml')]
    expect(pages.map((page) => page.length)).toEqual([5, 5, 2])
    expect(pages.flat()).toEqual([
      ...['/', '/about', '/reviews', '/products/'].map((path) => `${origin}${path}`),
      ...rows.map((row) => `${origin}/products/${row.id}-${row.title.toLowerCase().replace(' ', '-')}`),
    ])
    for (const missing of ['/sitemap-0.xml', '/sitemap-4.xml', '/sitemap-x.xml', '/sitemap-1234567.xml']) {
      expect((await at(missing)).statusCode, missing).toBe(404)
    }
    // Another host has no pages of this shop's sitemap.
    expect((await at('/sitemap-1.xml', 'shops.test')).statusCode).toBe(404)
  })
})

describe('/feeds/products.xml', () => {
  async function feed(hostHeader: string, headers: Record<string, string> = {}) {
    const response = await get('/feeds/products.xml', hostHeader, headers)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^application\/xml/)
    expect(response.headers['cache-control']).toMatch(/^public, .*s-maxage=\d+/)
    const rss = readXml(response.body)
    expect(rss.name).toBe('rss')
    expect(rss.attributes).toEqual({ version: '2.0', 'xmlns:g': 'http://base.google.com/ns/1.0' })
    const channel = childrenNamed(rss, 'channel')[0]!
    return { channel, items: childrenNamed(channel, 'item') }
  }
  const fields = (item: XmlElement) => Object.fromEntries(item.children.map((child) => [child.name, child.text]))
  const byId = (items: XmlElement[]) => new Map(items.map((item) => [childText(item, 'g:id'), fields(item)]))

  it('is an RSS 2.0 channel of the shop in Merchant Center’s namespace', async () => {
    const { channel } = await feed(host)
    expect(childText(channel, 'title')).toBe('Ama & Sons <Kente>')
    expect(childText(channel, 'link')).toBe(`http://${host}/`)
    expect(childText(channel, 'description')).toBeTruthy()
  })

  it('gives a product without variants one item with every field Merchant Center asks for', async () => {
    const item = byId((await feed(host)).items).get(stole.id)
    expect(item).toEqual({
      'g:id': stole.id,
      'g:title': 'Kente stole',
      'g:description': 'Handwoven in Bonwire & dyed <by hand>.',
      'g:link': `http://${host}/products/${stole.id}-kente-stole`,
      'g:image_link': `http://${host}/uploads/stole.jpg`,
      'g:additional_image_link': `http://${host}/uploads/stole-back.jpg`,
      'g:availability': 'in_stock',
      'g:price': '120.00 GHS',
      'g:sale_price': '99.50 GHS',
      'g:item_group_id': stole.id,
      'g:condition': 'new',
      'g:brand': 'Ama & Sons <Kente>',
      'g:identifier_exists': 'no',
    })
  })

  it('gives one item per variant, grouped by the product, with its own stock and attributes', async () => {
    const items = byId((await feed(host)).items)
    const small = items.get(`${shirt.id}_sm`)
    const large = items.get(`${shirt.id}_lg`)
    expect(small).toMatchObject({
      'g:title': 'Kente shirt - S / Gold',
      'g:item_group_id': shirt.id,
      'g:availability': 'in_stock',
      'g:price': '200.00 GHS',
      'g:size': 'S',
      'g:color': 'Gold',
      'g:link': `http://${host}/products/${shirt.id}-kente-shirt`,
      'g:image_link': `http://${host}/uploads/shirt.jpg`,
    })
    expect(small).not.toHaveProperty('g:sale_price')
    expect(large).toMatchObject({ 'g:availability': 'out_of_stock', 'g:size': 'L', 'g:item_group_id': shirt.id })
    expect(items.has(shirt.id)).toBe(false)
    for (const item of items.values()) expect(item['g:price']).toMatch(/^\d+\.\d{2} [A-Z]{3}$/)
  })

  it('leaves out hidden products and other shops’ products', async () => {
    const { items } = await feed(host)
    expect(items).toHaveLength(3)
    const text = JSON.stringify(items)
    expect(text).not.toContain(hidden.id)
    expect(text).not.toContain(foreign.id)
    const theirs = await feed(`${other.slug}.shops.test`)
    expect(theirs.items.map((item) => childText(item, 'g:id'))).toEqual([foreign.id])
  })

  it('writes the custom domain’s addresses there, and answers compressed', async () => {
    const { items } = await feed('kente.example')
    expect(byId(items).get(stole.id)?.['g:link']).toBe(`http://kente.example/products/${stole.id}-kente-stole`)
    const compressed = await get('/feeds/products.xml', 'kente.example', { 'accept-encoding': 'gzip' })
    expect(compressed.headers['content-encoding']).toBe('gzip')
  })

  it('has no feed on the platform’s host or an unknown one', async () => {
    expect((await get('/feeds/products.xml', 'shops.test')).statusCode).toBe(404)
    expect((await get('/feeds/products.xml', 'nowhere.example')).statusCode).toBe(404)
  })

  it('pages through a large catalog: every visible product once, in order', async () => {
    const big = await createShop(ctx)
    const rows = Array.from({ length: 1_203 }, (_, index) =>
      productFactory(big.id, { id: randomUUID(), title: `Bead ${index}`, available: index % 100 !== 7, createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, index % 600)) }),
    )
    for (let start = 0; start < rows.length; start += 400) await db.insert(products).values(rows.slice(start, start + 400))
    const { items } = await feed(`${big.slug}.shops.test`)
    const ids = items.map((item) => childText(item, 'g:id'))
    const visible = rows.filter((row) => row.available)
    expect(ids).toHaveLength(visible.length)
    expect(new Set(ids)).toEqual(new Set(visible.map((row) => row.id)))
    const sitemap = await get('/sitemap.xml', `${big.slug}.shops.test`)
    expect(childrenNamed(readXml(sitemap.body), 'url')).toHaveLength(visible.length + 4)
  })
})
