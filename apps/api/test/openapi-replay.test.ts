/**
 * docs/product.md §7's calls, as the storefront and the dashboard make them, replayed through a client that follows
 * `/api/docs/openapi.json` the way one generated from it does (openapi-client.ts): each call must be at the
 * path docs/product.md §7 writes, its query written as the document's `style` says, and the request and the response
 * must both validate against the document with an OpenAPI 3.1 validator. The answers are then checked
 * for what they mean: a sorted list is sorted, a filter filters.
 */
import type { TrackingId } from '@shop/domain/schemas/analytics'
import type { TokenData, User } from '@shop/domain/schemas/auth'
import type { Category, Product } from '@shop/domain/schemas/catalog'
import type { DeliveryRate, Region } from '@shop/domain/schemas/delivery'
import type { DiscountCode, DiscountCodeListItem } from '@shop/domain/schemas/discount-code'
import type { Notification } from '@shop/domain/schemas/notifications'
import type { Checkout, Order } from '@shop/domain/schemas/orders'
import type { CreatedInvitation, Invitation, ShopRole } from '@shop/domain/schemas/staff'
import type { UploadedImage } from '@shop/domain/schemas/uploads'
import type { Page } from '@shop/domain/schemas/wire'
import { describe, expect, it } from 'vitest'
import { inventory, notifications } from '../src/db/schema'
import { commerceFixtures } from './commerce-fixtures'
import { TEST_PASSWORD, createStaffedShop, setupApp } from './helpers'
import { documentClient, serializeParameter } from './openapi-client'
import { png } from './upload-fixtures'

const ctx = await setupApp()
const db = ctx.database.db
const { shop, owner, manager, keeper, shopper } = await createStaffedShop(ctx)
const { addProduct, addRate, addCode } = commerceFixtures(ctx, shop.id)
const { call, operationOf, document, validator } = await documentClient(ctx)

const bearer = (token: string) => ({ authorization: `Bearer ${token}` })
const day = (offset: number) => new Date(Date.UTC(2026, 0, 10 + offset, 12))

// A catalog a shopper can tell apart: prices, ages, stock and a category differ.
const scarves = await ctx.app.inject({ method: 'POST', url: '/api/categories/', headers: owner.headers, payload: { shop: shop.id, name: 'Scarves' } })
const scarvesId = scarves.json<Category>()._id
await addProduct({ title: 'Leather sandals', priceMinor: 5_000, createdAt: day(1) })
const scarf = await addProduct({ title: 'Kente scarf', priceMinor: 10_000, createdAt: day(2), categoryIds: [scarvesId] })
const shirt = await addProduct({ title: 'Batik shirt', priceMinor: 12_000, createdAt: day(3), inStock: false, categoryIds: [scarvesId] })
await addProduct({ title: 'Unreleased poster', priceMinor: 1_000, createdAt: day(4), available: false })
await db.insert(inventory).values({ shopId: shop.id, productId: scarf.id, variantId: '', quantity: 50, tracked: true })
const rate = await addRate({ name: 'Rider', regions: ['GH-AA'], rateMinor: 1_500, paymentOption: 'on-delivery' })
const code = await addCode({ code: 'SAVE10' })

/** docs/product.md §7's calls, written as docs/product.md §7 writes them. */
const specCalls = [
  'POST /api/token/',
  'GET /api/request-login',
  'GET /api/user/',
  'PATCH /api/shops/{id}',
  'PATCH /api/shop-configs/{id}',
  'GET /api/products/',
  'POST /api/products/',
  'GET /api/products/{id}',
  'PATCH /api/products/{id}',
  'DELETE /api/products/{id}',
  'GET /api/categories/',
  'POST /api/categories/',
  'DELETE /api/categories/{id}',
  'POST /api/orders/',
  'GET /api/orders/',
  'GET /api/orders/{id}',
  'PATCH /api/orders/{id}',
  'GET /api/role/',
  'POST /api/analytics',
  'POST /api/tracking-ids',
  'GET /api/analytics-aggregator/',
  'GET /delivery/rates/',
  'POST /delivery/rates/',
  'PATCH /delivery/rates/{id}',
  'GET /delivery/regions/',
  'POST /delivery/calculate',
  'GET /api/inventory/',
  'POST /api/checkouts/',
  'GET /api/checkouts/{id}',
  'GET /api/checkouts/',
  'GET /api/discount-codes/',
  'POST /api/discount-codes/',
  'PATCH /api/discount-codes/{id}',
  'POST /api/shop-role-invitations/',
  'GET /api/shop-role-invitations/',
  'GET /api/shop-role-invitations/{id}',
  'PATCH /api/shop-role-invitations/{id}',
  'GET /api/shop-roles/',
  'PATCH /api/shop-roles/{id}',
  'POST /api/shop-ids/',
  'POST /api/financial-accounts/',
  'GET /api/financial-accounts/{id}',
  'PATCH /api/transactions/{id}',
  'GET /api/payment-info/',
  'GET /api/reviews/',
  'POST /api/reviews/',
  'GET /api/notifications/',
  'PATCH /api/notifications/{id}',
  'GET /api/notifications-hint',
  'GET /api/sales/{id}',
] as const

type Schema = { type?: string | string[]; anyOf?: Schema[]; oneOf?: Schema[]; items?: Schema; properties?: object; [key: string]: unknown }
const queryParameters = Object.entries(document.paths).flatMap(([path, item]) =>
  Object.entries(item).flatMap(([method, operation]) =>
    (operation.parameters ?? [])
      .filter((parameter) => parameter.in === 'query')
      .map((parameter) => ({ label: `${method.toUpperCase()} ${path} ${parameter.name}`, ...parameter, schema: parameter.schema as Schema | undefined })),
  ),
)
/** A value of this schema may be an object (itself, one of its alternatives, or a list of them). */
const holdsObjects = (schema: Schema | undefined): boolean =>
  !!schema &&
  ([schema.type].flat().includes('object') ||
    (schema.type === 'array' && holdsObjects(schema.items)) ||
    [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].some(holdsObjects))

describe('the client', () => {
  it('writes a query object as its style says: bare pairs by default, brackets as a deepObject', () => {
    expect(serializeParameter({ name: '$sort', in: 'query' }, { 'price.value': 1 })).toEqual(['price.value=1'])
    expect(serializeParameter({ name: '$sort', in: 'query', style: 'deepObject', explode: true }, { 'price.value': 1 })).toEqual([
      '%24sort[price.value]=1',
    ])
    expect(serializeParameter({ name: '$or', in: 'query', style: 'deepObject', explode: true }, [{ _id: { $in: ['a', 'b'] } }])).toEqual([
      '%24or[0][_id][%24in][0]=a',
      '%24or[0][_id][%24in][1]=b',
    ])
  })

  it('refuses what the document does not say: a path, a parameter, a body, an answer', async () => {
    await expect(call({ method: 'GET', path: '/api/no-such-list/' })).rejects.toThrow(/is not in the OpenAPI document/)
    await expect(call({ method: 'GET', path: '/api/products/', query: { shop: shop.id, colour: 'red' } })).rejects.toThrow(/colour is not documented/)
    await expect(
      call({ method: 'POST', path: '/api/categories/', body: { shop: shop.id, name: 5 }, headers: bearer(owner.token) }),
    ).rejects.toThrow(/request \/requestBody\/name must be string/)
    expect(validator.validateResponse({ total: 'many', data: [] }, 'listProducts', 200).valid).toBe(false)
    expect(validator.validateResponse({ name: 'NotFound' }, 'listProducts', 404).valid).toBe(false)
  })
})

describe('the document', () => {
  it('has every call of docs/product.md §7 at the path docs/product.md §7 writes', () => {
    const missing = specCalls.filter((spec) => {
      const [method, path] = spec.split(' ') as [string, string]
      return !operationOf(method, path)
    })
    expect(missing).toEqual([])
  })

  it('writes every query parameter that takes an object as deepObject, exploded', () => {
    const objects = queryParameters.filter((parameter) => holdsObjects(parameter.schema))
    expect(objects.map((parameter) => parameter.label)).toEqual(expect.arrayContaining([expect.stringMatching(/\/api\/products\/ \$sort$/)]))
    const wrong = objects.filter((parameter) => parameter.style !== 'deepObject' || parameter.explode !== true)
    expect(wrong.map((parameter) => parameter.label)).toEqual([])
  })

  it('gives every query parameter a schema that says what it takes', () => {
    const untyped = queryParameters.filter((parameter) => {
      const { description: _, ...rest } = parameter.schema ?? {}
      return Object.keys(rest).length === 0
    })
    expect(untyped.map((parameter) => parameter.label)).toEqual([])
  })

  it("documents the upload's multipart body and its file", () => {
    const upload = operationOf('POST', '/api/uploads')!.operation
    expect(upload.requestBody?.required).toBe(true)
    const schema = upload.requestBody?.content['multipart/form-data']?.schema as Schema & { required?: string[] }
    expect(schema).toMatchObject({ type: 'object', required: ['file'], properties: { file: { type: 'string' } } })
  })
})

describe('the storefront, as the document says', () => {
  const list = (query: Record<string, unknown>) =>
    call<Page<Product>>({ method: 'GET', path: '/api/products/', query: { shop: shop.id, available: true, $skip: 0, $limit: 20, ...query } })

  it('lists products sorted by price or by age', async () => {
    const cheapestFirst = await list({ $sort: { 'price.value': 1 } })
    expect(cheapestFirst.body.data.map((p) => p.title)).toEqual(['Leather sandals', 'Kente scarf', 'Batik shirt'])
    expect(cheapestFirst.body.total).toBe(3)
    const dearestFirst = await list({ $sort: { 'price.value': -1 } })
    expect(dearestFirst.body.data.map((p) => p.title)).toEqual(['Batik shirt', 'Kente scarf', 'Leather sandals'])
    const newestFirst = await list({ $sort: { createdAt: -1 } })
    expect(newestFirst.body.data.map((p) => p.title)).toEqual(['Batik shirt', 'Kente scarf', 'Leather sandals'])
  })

  it('searches titles, filters by stock, category and price', async () => {
    expect((await list({ title: { $q: 'scarf' } })).body.data.map((p) => p.title)).toEqual(['Kente scarf'])
    expect((await list({ inStock: true, $sort: { 'price.value': -1 } })).body.data.map((p) => p.title)).toEqual(['Kente scarf', 'Leather sandals'])
    expect((await list({ inStock: false })).body.data.map((p) => p.title)).toEqual(['Batik shirt'])
    expect((await list({ category: scarvesId, $sort: { createdAt: 1 } })).body.data.map((p) => p.title)).toEqual(['Kente scarf', 'Batik shirt'])
    const priced = await list({ 'price.value': { $gte: 50, $lte: 100 }, $sort: { 'price.value': 1 } })
    expect(priced.body.data.map((p) => p.title)).toEqual(['Leather sandals', 'Kente scarf'])
    const either = await list({ $or: [{ title: { $q: 'sandals' } }, { 'price.value': { $gt: 110 } }], $sort: { 'price.value': 1 } })
    expect(either.body.data.map((p) => p.title)).toEqual(['Leather sandals', 'Batik shirt'])
    const some = await list({ _id: { $in: [scarf.id, shirt.id] }, $sort: { 'price.value': 1 } })
    expect(some.body.data.map((p) => p.title)).toEqual(['Kente scarf', 'Batik shirt'])
  })

  it('shows a product, the categories, stock, delivery and a discount code', async () => {
    expect((await call<Product>({ method: 'GET', path: '/api/products/{id}', params: { id: scarf.id } })).body.title).toBe('Kente scarf')
    const categories = await call<Page<Category>>({ method: 'GET', path: '/api/categories/', query: { shop: shop.id } })
    expect(categories.body.data.map((c) => c.name)).toEqual(['Scarves'])
    await call({ method: 'GET', path: '/api/inventory/', query: { product: scarf.id, variant: '' } })
    const regions = await call<Page<Region>>({ method: 'GET', path: '/delivery/regions/', query: { country: 'GH' } })
    expect(regions.status).toBe(200)
    const rates = await call<Page<DeliveryRate>>({ method: 'GET', path: '/delivery/rates/', query: { client: shop.id } })
    expect(rates.body.data.map((r) => r._id)).toEqual([rate.id])
    await call({ method: 'POST', path: '/delivery/calculate', body: { shop: shop.id, region: 'GH-AA', items: [{ product: scarf.id, count: 1 }] } })
    const codes = await call<Page<DiscountCodeListItem>>({ method: 'GET', path: '/api/discount-codes/', query: { code: 'SAVE10', shop: shop.id } })
    expect(codes.body.data.map((c) => c.code)).toEqual(['SAVE10'])
  })

  it('counts a visit with a tracking id', async () => {
    const tracking = await call<TrackingId>({ method: 'POST', path: '/api/tracking-ids', body: {} })
    const event = await call({
      method: 'POST',
      path: '/api/analytics',
      query: { trackingId: tracking.body.trackingId },
      body: { action: 'site_visit', category: 'shop', extras: { origin: `http://${shop.slug}.shops.test`, shop: shop.id } },
    })
    expect(event.status).toBe(201)
  })
})

describe('a shopper logs in, checks out and places an order', () => {
  it('goes from a token to an order the dashboard then moves on', async () => {
    const login = await call<TokenData>({ method: 'POST', path: '/api/token/', body: { email: shopper.email, password: TEST_PASSWORD } })
    const auth = bearer(login.body.access_token)
    const me = await call<User>({ method: 'GET', path: '/api/user/', headers: auth })
    expect(me.body._id).toBe(shopper.id)
    await call({ method: 'GET', path: '/api/role/', query: { shop: shop.id }, headers: auth })

    const delivery = { type: 'dispatch', region: 'GH-AA', rate: rate.id, address: '12 Oxford St, Osu', phone: '024 412 3456' }
    const checkout = await call<Checkout>({
      method: 'POST',
      path: '/api/checkouts/',
      query: { email: shopper.email, shop: shop.id },
      body: { items: [{ product: scarf.id, count: 2 }], delivery, discount: { code: code.code }, name: 'Ama Mensah' },
      headers: auth,
    })
    await call({ method: 'GET', path: '/api/checkouts/{id}', params: { id: checkout.body._id }, headers: auth })
    const checkouts = await call<Page<Checkout>>({ method: 'GET', path: '/api/checkouts/', query: { profile: shopper.id, shop: shop.id }, headers: auth })
    expect(checkouts.body.data.map((c) => c._id)).toContain(checkout.body._id)

    const placed = await call<Order>({
      method: 'POST',
      path: '/api/orders/',
      query: { email: shopper.email, shop: shop.id },
      body: { checkout: checkout.body._id, delivery, name: 'Ama Mensah', phone: '024 412 3456' },
      headers: { ...auth, 'idempotency-key': 'replay-order-1' },
    })
    expect(placed.status).toBe(201)
    const order = placed.body
    expect((await call<Order>({ method: 'GET', path: '/api/orders/{id}', params: { id: order._id }, headers: auth })).body._id).toBe(order._id)
    await call({ method: 'GET', path: '/api/reviews/', query: { shop: shop.id, relatedOrder: order._id }, headers: auth })
    await call({ method: 'GET', path: '/api/notifications/', query: { $sort: { createdAt: -1 }, profile: shopper.id, shop: shop.id }, headers: auth })
    await call({ method: 'GET', path: '/api/notifications-hint', headers: auth })

    // The dashboard's order list: newest first, a page, one status, a day's range, a number search.
    const staff = bearer(keeper.token)
    const created = new Date(order.createdAt).getTime()
    const orders = await call<Page<Order>>({
      method: 'GET',
      path: '/api/orders/',
      query: {
        $sort: { createdAt: -1 },
        ...(order.acked ? { acked: true } : {}),
        $skip: 0,
        $limit: 20,
        shop: shop.id,
        $or: [{ status: 'placed' }],
        createdAt: { $gte: created - 60_000, $lte: created + 60_000 },
      },
      headers: staff,
    })
    expect(orders.body.data.map((o) => o._id)).toEqual([order._id])
    const outside = await call<Page<Order>>({
      method: 'GET',
      path: '/api/orders/',
      query: { shop: shop.id, createdAt: { $gte: created + 60_000 } },
      headers: staff,
    })
    expect(outside.body.total).toBe(0)
    const searched = await call<Page<Order>>({ method: 'GET', path: '/api/orders/', query: { shop: shop.id, orderId: { $q: order.orderId } }, headers: staff })
    expect(searched.body.data.map((o) => o._id)).toEqual([order._id])

    const moved = await call<Order>({ method: 'PATCH', path: '/api/orders/{id}', params: { id: order._id }, body: { status: 'packaged' }, headers: staff })
    expect(moved.body.status).toBe('packaged')
  })
})

describe('the dashboard, as the document says', () => {
  const auth = bearer(owner.token)

  it('edits the catalog: products, categories and an image', async () => {
    const created = await call<Product>({
      method: 'POST',
      path: '/api/products/',
      body: { shop: shop.id, title: 'Beaded bracelet', price: { value: 35.5, currency: 'GHS' } },
      headers: auth,
    })
    expect(created.status).toBe(201)
    const patched = await call<Product>({ method: 'PATCH', path: '/api/products/{id}', params: { id: created.body._id }, body: { title: 'Glass bead bracelet' }, headers: auth })
    expect(patched.body.title).toBe('Glass bead bracelet')
    await call({ method: 'DELETE', path: '/api/products/{id}', params: { id: created.body._id }, headers: auth })
    expect((await ctx.app.inject({ method: 'GET', url: `/api/products/${created.body._id}`, headers: owner.headers })).statusCode).toBe(404)

    const category = await call<Category>({ method: 'POST', path: '/api/categories/', body: { shop: shop.id, name: 'Bracelets' }, headers: auth })
    await call({ method: 'DELETE', path: '/api/categories/{id}', params: { id: category.body._id }, headers: auth })

    const staffList = await call<Page<Product>>({
      method: 'GET',
      path: '/api/products/',
      query: { shop: shop.id, title: { $q: 'poster' }, available: false },
      headers: auth,
    })
    expect(staffList.body.data.map((p) => p.title)).toEqual(['Unreleased poster'])

    const image = await call<UploadedImage>({
      method: 'POST',
      path: '/api/uploads',
      query: { shop: shop.id },
      multipart: { file: { filename: 'bracelet.png', contentType: 'image/png', data: await png(64, 48) } },
      headers: auth,
    })
    expect(image.status).toBe(201)
  })

  it('reads the charts and the sales', async () => {
    const visits = await call({
      method: 'GET',
      path: '/api/analytics-aggregator/',
      query: { shop: shop.id, createdAt: { $gte: '2026-01-01', $lte: '2026-01-31' } },
      headers: auth,
    })
    expect(visits.status).toBe(200)
    await call({ method: 'GET', path: '/api/sales/{id}', params: { id: shop.id }, query: { from: '2026-01-01', to: '2026-01-31' }, headers: auth })
    await call({ method: 'GET', path: '/api/payment-info/', query: { shop: shop.id }, headers: auth })
  })

  it('manages discount codes, delivery rates, staff and the shop', async () => {
    const codes = await call<Page<DiscountCodeListItem>>({ method: 'GET', path: '/api/discount-codes/', query: { $sort: { createdAt: -1 }, shop: shop.id }, headers: auth })
    expect(codes.body.data.map((c) => c.code)).toContain('SAVE10')
    const added = await call<DiscountCode>({
      method: 'POST',
      path: '/api/discount-codes/',
      body: { shop: shop.id, code: 'WELCOME5', type: 'percentage', value: 5 },
      headers: auth,
    })
    await call({ method: 'PATCH', path: '/api/discount-codes/{id}', params: { id: added.body._id }, body: { active: false }, headers: auth })

    const newRate = await call<DeliveryRate>({
      method: 'POST',
      path: '/delivery/rates/',
      body: { shop: shop.id, name: 'Kumasi bus', regions: ['GH-AH'], rate: { value: 40, currency: 'GHS' }, paymentOption: 'instant' },
      headers: auth,
    })
    await call({ method: 'PATCH', path: '/delivery/rates/{id}', params: { id: newRate.body._id }, body: { active: false }, headers: auth })

    const roles = await call<Page<ShopRole>>({ method: 'GET', path: '/api/shop-roles/', query: { shop: shop.id, status: 'active' }, headers: auth })
    expect(roles.body.data.length).toBe(4)
    const managerRole = roles.body.data.find((role) => role.user._id === manager.id)!
    await call({ method: 'PATCH', path: '/api/shop-roles/{id}', params: { id: managerRole._id }, body: { role: 'keeper' }, headers: auth })
    const invited = await call<CreatedInvitation>({
      method: 'POST',
      path: '/api/shop-role-invitations/',
      body: { shop: shop.id, email: 'new.hand@example.com', role: 'keeper' },
      headers: auth,
    })
    const pending = await call<Page<Invitation>>({ method: 'GET', path: '/api/shop-role-invitations/', query: { shop: shop.id, status: 'pending' }, headers: auth })
    expect(pending.body.data.map((invitation) => invitation._id)).toContain(invited.body._id)

    await call({ method: 'PATCH', path: '/api/shops/{id}', params: { id: shop.id }, body: { tagline: 'Cloth and craft from Accra' }, headers: auth })
    await call({ method: 'PATCH', path: '/api/shop-configs/{id}', params: { id: shop.id }, body: { taxRate: 2.5 }, headers: auth })
  })

  it('reads and marks notifications', async () => {
    const [note] = await db
      .insert(notifications)
      .values({ shopId: shop.id, userId: owner.id, type: 'order', title: 'New order', body: 'An order was placed' })
      .returning()
    const list = await call<Page<Notification>>({
      method: 'GET',
      path: '/api/notifications/',
      query: { $sort: { createdAt: -1 }, profile: owner.id, shop: shop.id },
      headers: auth,
    })
    expect(list.body.data.map((n) => n._id)).toContain(note!.id)
    await call({ method: 'PATCH', path: '/api/notifications/{id}', params: { id: note!.id }, body: { read: true }, headers: auth })
  })
})
