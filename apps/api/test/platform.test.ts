/**
 * The platform console (decision 98): operators (PLATFORM_ADMINS) list every shop with its figures, search
 * and sort, suspend a shop with a reason and restore it, and read the audit log; everyone else gets 404.
 * A suspended shop's storefront (its platform address and its custom domain) answers 451 with no shop
 * content, even from the page cache; its public API reads 404; every change to it is refused with 423;
 * its staff still read the dashboard and export; restoring brings it all back.
 */
import type { PlatformAuditPage, PlatformShopPage } from '@shop/domain/schemas/platform'
import { describe, expect, it } from 'vitest'
import { accessTokens, shopDomains, uploads } from '../src/db/schema'
import { randomToken, sha256 } from '../src/lib/crypto'
import { insertOrder } from './order-fixtures'
import { type TestUser, createShop, createStaffedShop, createUser, errorBody, setupApp } from './helpers'
import { type Method, hostCalls } from './host-calls'
import { fakeWebBuild } from './web-build'

// A server build with the same export as apps/web/server/index.ts: it shows the shop's title and products,
// and counts its renders, so an answer from the page cache is told from a new render.
const fakeServerBuild = `
let renders = 0
export function createHandler() {
  return async (request, context) => {
    renders += 1
    const products = await (await context.api('/api/products/?shop=' + context.shop._id)).json()
    const html = '<!doctype html><title>' + context.shop.title + '</title><p>render ' + renders + '</p>'
      + '<p>suspension: ' + (context.shop.suspension ? context.shop.suspension.reason : 'none') + '</p>'
      + '<ul>' + (products.data || []).map((product) => '<li>' + product.title + '</li>').join('') + '</ul>'
    return new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8' } })
  }
}
`
const buildDir = fakeWebBuild(fakeServerBuild)

const ctx = await setupApp({ webBuildDir: buildDir, platformAdmins: ['ops@platform.test'] })
const operator = await createUser(ctx, { email: 'Ops@Platform.test' })
const { shop, owner, keeper, outsider, shopper, otherShop } = await createStaffedShop(ctx)
const host = `${shop.slug}.shops.test`
const customDomain = 'kente-platform.example'
await ctx.database.db.insert(shopDomains).values({ shopId: shop.id, domain: customDomain, status: 'verified', verificationToken: 'token-1', verifiedAt: new Date() })
await ctx.database.db.insert(shopDomains).values({ shopId: shop.id, domain: 'pending.example', verificationToken: 'token-2' })

const { call, write: created } = hostCalls(ctx, host)

const product = await created('POST', '/api/products/', keeper, { shop: shop.id, title: 'Kente print shirt', price: { value: 10, currency: 'GHS' } })
const placedOrder = await insertOrder(ctx, { shopId: shop.id, totalMinor: 12_500 })
await insertOrder(ctx, { shopId: shop.id, totalMinor: 7_500 })
await insertOrder(ctx, { shopId: shop.id, totalMinor: 99_000, status: 'canceled' })
await insertOrder(ctx, { shopId: shop.id, totalMinor: 50_000, createdAt: new Date(Date.now() - 40 * 24 * 3600 * 1000) })
const otherOrder = await insertOrder(ctx, { shopId: otherShop.id, totalMinor: 1_000 })
await ctx.database.db.insert(uploads).values({ shopId: shop.id, key: `${shop.id}/a.png`, thumbnailKey: `${shop.id}/a-t.png`, contentType: 'image/png', size: 4096, width: 10, height: 10 })

const listShops = async (query = '') => {
  const response = await call('GET', `/api/platform/shops${query}`, { user: operator })
  expect(response.statusCode, response.body).toBe(200)
  return response.json<PlatformShopPage>()
}

describe('who may use the console', () => {
  const everyoneElse: [string, TestUser | undefined][] = [
    ['anonymous', undefined],
    ["the owner of another shop", outsider],
    ["the shop's own owner", owner],
  ]
  for (const [who, user] of everyoneElse) {
    it(`answers 404 to ${who} on every operation, and changes nothing`, async () => {
      for (const [method, url, payload] of [
        ['GET', '/api/platform/operator', undefined],
        ['GET', '/api/platform/shops', undefined],
        ['GET', `/api/platform/shops/${shop.id}`, undefined],
        ['GET', '/api/platform/audit-events', undefined],
        ['POST', `/api/platform/shops/${shop.id}/suspend`, { reason: 'Phishing' }],
        ['POST', `/api/platform/shops/${shop.id}/restore`, {}],
      ] as const) {
        const response = await call(method, url, { user, payload })
        expect(response.statusCode, `${method} ${url}`).toBe(404)
        errorBody(response)
      }
      expect((await call('GET', `/api/shops/${shop.id}`)).statusCode).toBe(200)
    })
  }

  it('answers 404 to an operator whose token belongs to one shop’s site', async () => {
    const token = randomToken()
    await ctx.database.db
      .insert(accessTokens)
      .values({ userId: operator.id, shopId: shop.id, tokenHash: sha256(token), expiresAt: new Date(Date.now() + 3_600_000) })
    const response = await call('GET', '/api/platform/shops', { headers: { authorization: `Bearer ${token}` } })
    expect(response.statusCode).toBe(404)
  })

  it('knows an operator by their e-mail, whatever its case', async () => {
    const response = await call('GET', '/api/platform/operator', { user: operator })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ email: 'Ops@Platform.test' })
  })
})

describe('the list of shops', () => {
  it('shows each shop with its owner, figures of the last 30 days, storage, domains and status', async () => {
    const page = await listShops()
    expect(page.total).toBeGreaterThanOrEqual(2)
    const listed = page.data.find((item) => item._id === shop.id)!
    expect(listed).toMatchObject({
      slug: shop.slug,
      status: 'active',
      owner: { email: owner.email },
      products: 1,
      last30Days: { orders: 2, sales: { value: 200, currency: 'GHS' } },
      storageBytes: 4096,
      suspension: null,
    })
    expect(listed.domains).toEqual([
      { domain: customDomain, status: 'verified' },
      { domain: 'pending.example', status: 'pending' },
    ])
  })

  it("finds shops by a part of their name, slug, owner's e-mail or domain", async () => {
    for (const q of [shop.slug.slice(5), owner.email.split('@')[0]!.toUpperCase(), 'kente-platform']) {
      const page = await listShops(`?q=${encodeURIComponent(q)}`)
      expect(page.data.map((item) => item._id)).toEqual([shop.id])
    }
    expect((await listShops('?q=100%25')).total).toBe(0)
  })

  it('sorts by sales, by name and by age, in pages', async () => {
    const bySales = await listShops('?sort=sales')
    expect(bySales.data[0]!._id).toBe(shop.id)
    const newest = await listShops('?$limit=1')
    const second = await listShops('?$limit=1&$skip=1')
    expect(newest.limit).toBe(1)
    expect(newest.data[0]!._id).not.toBe(second.data[0]!._id)
    const oldest = await listShops('?sort=oldest')
    expect(oldest.data.map((item) => item._id)).toEqual((await listShops('?sort=newest')).data.map((item) => item._id).reverse())
  })

  it('refuses a bad query with 400', async () => {
    for (const query of ['?sort=price', '?$limit=0', '?$limit=500', '?status=gone', '?other=1']) {
      const response = await call('GET', `/api/platform/shops${query}`, { user: operator })
      expect(response.statusCode, query).toBe(400)
      errorBody(response)
    }
  })
})

describe('suspending a shop', () => {
  it('needs a reason and a shop that exists', async () => {
    for (const payload of [{}, { reason: '' }, { reason: '   ' }, { reason: 'x'.repeat(501) }]) {
      const response = await call('POST', `/api/platform/shops/${shop.id}/suspend`, { user: operator, payload })
      expect(response.statusCode, JSON.stringify(payload)).toBe(400)
    }
    const missing = await call('POST', '/api/platform/shops/00000000-0000-4000-8000-000000000000/suspend', { user: operator, payload: { reason: 'Fakes' } })
    expect(missing.statusCode).toBe(404)
    expect((await listShops('?status=suspended')).total).toBe(0)
  })

  it('stops the storefront, the public API and the custom domain while the staff read and export', async () => {
    // Warm the page cache and remember an ETag first: neither may keep serving the shop.
    const before = await call('GET', '/')
    expect(before.statusCode).toBe(200)
    expect(before.body).toContain(shop.title)
    const productEtag = (await call('GET', `/api/products/${product._id}`)).headers.etag as string

    const suspended = await call('POST', `/api/platform/shops/${shop.id}/suspend`, { user: operator, payload: { reason: 'Sells counterfeit goods' } })
    expect(suspended.statusCode, suspended.body).toBe(200)
    expect(suspended.json()).toMatchObject({ status: 'suspended', suspension: { reason: 'Sells counterfeit goods' } })
    const again = await call('POST', `/api/platform/shops/${shop.id}/suspend`, { user: operator, payload: { reason: 'Twice' } })
    expect(again.statusCode).toBe(409)

    // The storefront, on its platform address and its custom domain.
    for (const [pageHost, url] of [
      [host, '/'],
      [host, '/products'],
      [host, `/products/${product._id}`],
      [customDomain, '/'],
      [customDomain, '/admin/orders'],
    ] as const) {
      const page = await call('GET', url, { headers: { host: pageHost } })
      expect(page.statusCode, `${pageHost}${url}`).toBe(451)
      expect(page.body).toContain('This shop is unavailable')
      expect(page.body).not.toContain(shop.title)
      expect(page.headers['cache-control']).toMatch(/no-store/)
    }
    expect((await call('GET', '/sitemap.xml')).statusCode).toBe(404)

    // The public API.
    for (const url of [`/api/shops/${shop.id}`, `/api/shops/${shop.slug}`, `/api/products/?shop=${shop.id}`, `/api/categories/?shop=${shop.id}`, `/api/reviews/?shop=${shop.id}`]) {
      const response = await call('GET', url, { user: shopper })
      expect(response.statusCode, url).toBe(404)
    }
    const product404 = await call('GET', `/api/products/${product._id}`, { headers: { 'if-none-match': productEtag } })
    expect(product404.statusCode).toBe(404)
    for (const domainHost of [host, customDomain]) {
      expect((await call('GET', `/api/shops/?domain=${domainHost}`)).json()).toMatchObject({ total: 0, data: [] })
    }
    const cors = await call('GET', `/api/shops/${otherShop.id}`, { headers: { origin: `http://${customDomain}` } })
    expect(cors.headers['access-control-allow-origin']).toBeUndefined()

    // Writes: the staff's and the shoppers'.
    const writes: [Method, string, TestUser | undefined, object][] = [
      ['POST', '/api/products/', keeper, { shop: shop.id, title: 'Another', price: { value: 1, currency: 'GHS' } }],
      ['PATCH', `/api/products/${product._id}`, keeper, { title: 'Renamed' }],
      ['PATCH', `/api/shops/${shop.id}`, owner, { tagline: 'Still here' }],
      ['PATCH', `/api/shop-configs/${shop.id}`, owner, { taxRate: 5 }],
      ['POST', `/api/checkouts/?shop=${shop.id}&email=buyer@example.com`, undefined, { items: [{ product: product._id, count: 1 }], delivery: { type: 'pick-up' } }],
      ['POST', `/api/orders/?shop=${shop.id}&email=buyer@example.com`, undefined, { items: [{ product: product._id, count: 1 }], delivery: { type: 'pick-up' } }],
      ['POST', `/api/orders/?shop=${shop.id}`, shopper, { items: [{ product: product._id, count: 1 }], delivery: { type: 'pick-up' } }],
      ['POST', '/api/reviews/', shopper, { relatedOrder: '00000000-0000-4000-8000-000000000001', rating: 5 }],
    ]
    for (const [method, url, user, payload] of writes) {
      const response = await call(method, url, { user, payload })
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(423)
      expect(errorBody(response).className).toBe('shop-suspended')
    }
    // Changes that name one of its orders instead of the shop, sent to the platform's own host or another
    // shop's: a buyer's cancel, a pay link's payment, a review.
    const key = 'k'.repeat(24)
    const byRecord: [string, Method, string, TestUser | undefined, object][] = [
      ['shops.test', 'PATCH', `/api/orders/${placedOrder.id}?key=${key}`, undefined, { status: 'canceled' }],
      ['shops.test', 'POST', `/api/pay/${placedOrder.id}?key=${key}`, undefined, {}],
      ['shops.test', 'POST', '/api/reviews/', shopper, { relatedOrder: placedOrder.id, rating: 5 }],
      [`${otherShop.slug}.shops.test`, 'POST', '/api/reviews/', shopper, { relatedOrder: placedOrder.id, rating: 1 }],
    ]
    for (const [writeHost, method, url, user, payload] of byRecord) {
      const response = await call(method, url, { user, payload, headers: { host: writeHost } })
      expect(response.statusCode, `${writeHost} ${method} ${url}: ${response.body}`).toBe(423)
      expect(errorBody(response).className).toBe('shop-suspended')
    }
    // Another shop's order is no business of the suspension.
    const otherReview = await call('POST', '/api/reviews/', { user: shopper, payload: { relatedOrder: otherOrder.id, rating: 5 }, headers: { host: `${otherShop.slug}.shops.test` } })
    expect(otherReview.statusCode).not.toBe(423)
    expect((await call('GET', `/api/products/${product._id}`, { user: keeper })).json()).toMatchObject({ title: 'Kente print shirt' })

    // The staff: the shop (with why it is suspended), the dashboard's reads, the exports.
    const profile = await call('GET', `/api/shops/${shop.id}`, { user: keeper })
    expect(profile.statusCode).toBe(200)
    expect(profile.json()).toMatchObject({ suspension: { reason: 'Sells counterfeit goods' } })
    expect((await call('GET', `/api/shops/?domain=${host}`, { user: keeper })).json()).toMatchObject({ total: 1 })
    for (const url of [`/api/products/?shop=${shop.id}`, `/api/orders/?shop=${shop.id}`, `/api/products.csv?shop=${shop.id}`, `/api/orders.csv?shop=${shop.id}`, `/api/customers.csv?shop=${shop.id}`]) {
      const response = await call('GET', url, { user: owner })
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200)
    }
    expect((await call('GET', `/api/products.csv?shop=${shop.id}`, { user: owner })).body).toContain('Kente print shirt')
    const dashboard = await call('GET', '/admin/orders')
    expect(dashboard.statusCode).toBe(200)
    expect(dashboard.body).toContain('suspension: Sells counterfeit goods')

    // Other shops carry on.
    expect((await call('GET', '/', { headers: { host: `${otherShop.slug}.shops.test` } })).statusCode).toBe(200)
    const listed = await listShops('?status=suspended')
    expect(listed.data.map((item) => item._id)).toEqual([shop.id])
  })

  it('restoring brings the storefront, the public API, the domain and writes back', async () => {
    const restored = await call('POST', `/api/platform/shops/${shop.id}/restore`, { user: operator, payload: { reason: 'Stock proven genuine' } })
    expect(restored.statusCode, restored.body).toBe(200)
    expect(restored.json()).toMatchObject({ status: 'active', suspension: null })
    expect((await call('POST', `/api/platform/shops/${shop.id}/restore`, { user: operator })).statusCode).toBe(409)

    for (const pageHost of [host, customDomain]) {
      const page = await call('GET', '/', { headers: { host: pageHost } })
      expect(page.statusCode).toBe(200)
      expect(page.body).toContain(shop.title)
    }
    expect((await call('GET', `/api/shops/${shop.id}`)).json()).not.toHaveProperty('suspension')
    expect((await call('GET', `/api/products/${product._id}`)).statusCode).toBe(200)
    expect((await call('GET', `/api/shops/?domain=${customDomain}`)).json()).toMatchObject({ total: 1 })
    await created('PATCH', `/api/products/${product._id}`, keeper, { title: 'Kente print shirt, restored' })
    const order = await call('POST', `/api/orders/?shop=${shop.id}`, { user: shopper, payload: { items: [{ product: product._id, count: 1 }], delivery: { type: 'pick-up' } } })
    expect(order.statusCode, order.body).toBe(201)
  })
})

describe('the audit log', () => {
  it('holds who did what, when and why, newest first, overall and per shop', async () => {
    const other = await createShop(ctx)
    await call('POST', `/api/platform/shops/${other.id}/suspend`, { user: operator, payload: { reason: 'Phishing page' } })

    const all = await call('GET', '/api/platform/audit-events', { user: operator })
    expect(all.statusCode).toBe(200)
    const events = all.json<PlatformAuditPage>()
    expect(events.total).toBe(3)
    expect(events.data.map((event) => [event.action, event.shop.slug, event.reason])).toEqual([
      ['suspend', other.slug, 'Phishing page'],
      ['restore', shop.slug, 'Stock proven genuine'],
      ['suspend', shop.slug, 'Sells counterfeit goods'],
    ])
    expect(events.data.every((event) => event.operator.email === 'Ops@Platform.test' && !Number.isNaN(Date.parse(event.createdAt)))).toBe(true)

    const ofShop = await call('GET', `/api/platform/audit-events?shop=${shop.id}`, { user: operator })
    expect(ofShop.json<PlatformAuditPage>().data.map((event) => event.shop._id)).toEqual([shop.id, shop.id])
    expect((await call('GET', '/api/platform/audit-events?shop=nope', { user: operator })).statusCode).toBe(400)
  })
})
