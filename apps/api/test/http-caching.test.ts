/**
 * HTTP caching: ETag/304 on the public reads, shared caching only for what is the same for everyone, and the
 * server's page cache, which a staff edit empties for the shop's next page load.
 */
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { inventory, products, shops } from '../src/db/schema'
import { cspNonceOf } from './csp'
import { createStaffedShop, setupApp } from './helpers'
import { hostCalls } from './host-calls'
import { fakeWebBuild } from './web-build'

// A server build with the same export as apps/web/server/index.ts. Its pages count their renders, so a page
// the cache answered is told from a new render.
const fakeServerBuild = `
let renders = 0
export function createHandler() {
  return async (request, context) => {
    renders += 1
    const products = await (await context.api('/api/products/?shop=' + context.shop._id)).json()
    const html = '<!doctype html><title>' + context.shop.title + '</title>'
      + '<script nonce="' + context.nonce + '">window.render = ' + renders + '</script>'
      + '<ul>' + products.data.map((product) => '<li>' + product.title + '</li>').join('') + '</ul>'
    return new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8' } })
  }
}
`

const buildDir = fakeWebBuild(fakeServerBuild)

const ctx = await setupApp({ webBuildDir: buildDir })
const { shop, keeper, administrator, shopper } = await createStaffedShop(ctx)
const host = `${shop.slug}.shops.test`

const { call: inject, write } = hostCalls(ctx, host)

/** Whether a Cache-Control value lets a shared cache (a CDN, a proxy) keep the answer. */
const sharedCacheable = (value: unknown) => /\bpublic\b|s-maxage/.test(String(value)) && !/\bprivate\b|no-store/.test(String(value))

const product = await write('POST', '/api/products/', keeper, { shop: shop.id, title: 'Kente print shirt', price: { value: 10, currency: 'GHS' } })
await write('POST', '/api/categories/', keeper, { shop: shop.id, name: 'Shirts' })

const publicReads = [
  `/api/shops/${shop.id}`,
  `/api/products/?shop=${shop.id}`,
  `/api/products/${product._id}`,
  `/api/categories/?shop=${shop.id}`,
  `/api/reviews/?shop=${shop.id}`,
  '/delivery/regions/?country=GH',
  `/delivery/rates/?client=${shop.id}`,
]

describe('public reads', () => {
  for (const url of publicReads) {
    it(`answers GET ${url.split('?')[0]} with an ETag, a short shared lifetime and 304 when unchanged`, async () => {
      const first = await inject('GET', url)
      expect(first.statusCode, first.body).toBe(200)
      const etag = first.headers.etag as string
      expect(etag).toMatch(/^W\/".+"$/)
      expect(first.headers['cache-control']).toBe('public, max-age=30, stale-while-revalidate=300')
      expect(String(first.headers.vary)).toMatch(/authorization/i)

      const again = await inject('GET', url, { headers: { 'if-none-match': etag } })
      expect(again.statusCode).toBe(304)
      expect(again.rawPayload.length).toBe(0)
      expect(again.headers.etag).toBe(etag)

      const other = await inject('GET', url, { headers: { 'if-none-match': 'W/"something-else"' } })
      expect(other.statusCode).toBe(200)
      expect(other.body).toBe(first.body)
    })
  }

  it('answers 200 with a new ETag once the data changed', async () => {
    const url = `/api/products/${product._id}`
    const before = await inject('GET', url)
    await write('PATCH', url, keeper, { title: 'Kente print shirt, long sleeves' })
    const after = await inject('GET', url, { headers: { 'if-none-match': before.headers.etag as string } })
    expect(after.statusCode).toBe(200)
    expect(after.headers.etag).not.toBe(before.headers.etag)
    expect(after.json()).toMatchObject({ title: 'Kente print shirt, long sleeves' })
  })
})

describe('private answers', () => {
  const privateAnswers: [string, () => ReturnType<typeof inject>][] = [
    ['the calling user', () => inject('GET', '/api/user', { user: shopper })],
    ["a shopper's orders", () => inject('GET', '/api/orders/', { user: shopper })],
    ['a public read made with a token (staff see more)', () => inject('GET', `/api/products/?shop=${shop.id}`, { user: keeper })],
    ["the shop's settings", () => inject('GET', `/api/shop-configs/${shop.id}`, { user: administrator })],
    ['a write', () => inject('PATCH', `/api/shops/${shop.id}`, { user: keeper, payload: { tagline: 'Hand woven' } })],
    ['an error', () => inject('GET', '/api/user')],
    ['the account page', () => inject('GET', '/account/orders')],
    ['the dashboard', () => inject('GET', '/admin/products')],
    ['the checkout page', () => inject('GET', '/checkout')],
  ]
  for (const [name, request] of privateAnswers) {
    it(`never lets a shared cache keep ${name}`, async () => {
      const response = await request()
      expect(response.headers['cache-control'], String(response.headers['cache-control'])).toBeDefined()
      expect(sharedCacheable(response.headers['cache-control'])).toBe(false)
    })
  }

  it('keeps a public read made with a token to the caller, asking again each time', async () => {
    const response = await inject('GET', `/api/products/?shop=${shop.id}`, { user: keeper })
    expect(response.headers['cache-control']).toBe('private, no-cache')
  })
})

describe('anonymous pages', () => {
  const page = async (url = '/') => {
    const response = await inject('GET', url)
    expect(response.statusCode).toBe(200)
    const render = Number(/window\.render = (\d+)/.exec(response.body)?.[1])
    return { response, render, body: response.body }
  }

  it('are shared-cacheable for a short time and answered again from the server’s cache', async () => {
    const first = await page('/products')
    const second = await page('/products')
    expect(first.response.headers['cache-control']).toBe('public, max-age=0, s-maxage=10')
    expect(second.response.headers['cache-control']).toBe('public, max-age=0, s-maxage=10')
    expect(second.render).toBe(first.render)
    // Each answer has its own nonce, in the policy and on the inline script alike.
    const nonce = cspNonceOf(second.response.headers)
    expect(nonce).not.toBe(cspNonceOf(first.response.headers))
    expect(second.body).toContain(`<script nonce="${nonce}">`)
  })

  it('show a staff edit of the shop on the next load', async () => {
    const before = await page()
    expect((await page()).render).toBe(before.render)
    await write('PATCH', `/api/shops/${shop.id}`, keeper, { title: 'Corner Kente' })
    const after = await page()
    expect(after.body).toContain('<title>Corner Kente</title>')
    expect(after.render).toBeGreaterThan(before.render)
  })

  it('show a new or edited product on the next load', async () => {
    await page('/products')
    const created = await write('POST', '/api/products/', keeper, { shop: shop.id, title: 'Smock', price: { value: 25, currency: 'GHS' } })
    expect((await page('/products')).body).toContain('<li>Smock</li>')
    await write('PATCH', `/api/products/${created._id}`, keeper, { title: 'Fugu smock' })
    expect((await page('/products')).body).toContain('<li>Fugu smock</li>')
  })

  it('show a stock change on the next load', async () => {
    const before = await page()
    await write('POST', '/api/inventory/', keeper, { product: product._id, variant: null, quantity: 7 })
    expect((await page()).render).toBeGreaterThan(before.render)
  })

  it("move the shop's page version once per transaction, however many rows it writes", async () => {
    const { db } = ctx.database
    const version = async () =>
      (await db.select({ version: shops.pageVersion }).from(shops).where(eq(shops.id, shop.id)))[0]!.version
    const more = await Promise.all(
      ['Batakari', 'Kaftan', 'Wrapper'].map((title) =>
        write('POST', '/api/products/', keeper, { shop: shop.id, title, price: { value: 5, currency: 'GHS' } }),
      ),
    )
    const start = await version()
    await db.transaction(async (tx) => {
      for (const [index, row] of [product, ...more].entries()) {
        await tx
          .insert(inventory)
          .values({ shopId: shop.id, productId: row._id, variantId: '', quantity: index + 1, tracked: true })
          .onConflictDoUpdate({ target: [inventory.shopId, inventory.productId, inventory.variantId], set: { quantity: index + 1 } })
        await tx.update(products).set({ title: `Row ${index}` }).where(eq(products.id, row._id))
      }
    })
    expect(await version()).toBe(start + 1)
    await write('POST', '/api/inventory/', keeper, { product: product._id, variant: null, quantity: 3 })
    await write('POST', '/api/inventory/', keeper, { product: product._id, variant: null, quantity: 4 })
    expect(await version()).toBe(start + 3)
  })

  it('are rendered anew for a request with a token', async () => {
    const before = await page()
    const withToken = await inject('GET', '/', { user: shopper })
    expect(Number(/window\.render = (\d+)/.exec(withToken.body)?.[1])).toBeGreaterThan(before.render)
  })
})
