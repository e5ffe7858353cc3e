import type { Checkout } from '@shop/domain/schemas/orders'
import type { Page } from '@shop/domain/schemas/wire'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { checkouts, discountCodes, inventory, shopConfigs } from '../src/db/schema'
import { commerceFixtures } from './commerce-fixtures'
import { type TestUser, createShop, createStaffedShop, createUser, errorBody, setupApp } from './helpers'

const ctx = await setupApp()
const db = ctx.database.db
const { shop, otherShop, keeper, shopper, outsider } = await createStaffedShop(ctx)
const { addProduct, addRate, addCode } = commerceFixtures(ctx, shop.id)

async function checkoutCount() {
  return (await db.select({ id: checkouts.id }).from(checkouts)).length
}

function create(body: unknown, options: { user?: TestUser; email?: string; shopId?: string } = {}) {
  const params = new URLSearchParams({ shop: options.shopId ?? shop.id })
  if (options.email !== undefined) params.set('email', options.email)
  return ctx.app.inject({ method: 'POST', url: `/api/checkouts/?${params}`, headers: options.user?.headers, payload: body as object })
}

async function created(body: unknown, options: { user?: TestUser; email?: string; shopId?: string } = {}): Promise<Checkout> {
  const response = await create(body, options)
  expect(response.statusCode, response.body).toBe(201)
  return response.json()
}

const get = (url: string, user?: TestUser) => ctx.app.inject({ method: 'GET', url, headers: user?.headers })

const scarf = await addProduct({ title: 'Kente scarf', priceMinor: 10_000, images: [{ url: '/uploads/a/b.webp', thumbnail: '/uploads/a/b-t.webp' }] })
const sandals = await addProduct({ title: 'Leather sandals', priceMinor: 5_000, sellAtMinor: 4_000 })
const shirt = await addProduct({
  title: 'Batik shirt',
  priceMinor: 12_000,
  variants: [
    { _id: 'small', features: { size: 'S' } },
    { _id: 'large', features: { size: 'L' } },
  ],
})
const instant = await addRate({ name: 'Accra express', regions: ['GH-AA'], rateMinor: 2_000, paymentOption: 'instant', estimatedDays: 1 })
const rider = await addRate({ name: 'Rider', regions: ['GH-AA'], rateMinor: 1_500, paymentOption: 'on-delivery' })
const pickUp = { type: 'pick-up' }
const dispatch = (rate: string = instant.id, region = 'GH-AA') => ({ type: 'dispatch', region, rate, address: '12 Oxford St', phone: '0200000000' })

describe('POST /api/checkouts/', () => {
  it('prices a cart for an anonymous buyer and answers the creator\'s view', async () => {
    const before = await db.select().from(inventory)
    const checkout = await created(
      { items: [{ product: scarf.id, count: 2 }, { product: sandals.id, count: 1 }, { product: shirt.id, variant: 'large', count: 1 }], delivery: dispatch() },
      { email: 'buyer@example.com' },
    )
    expect(checkout).toMatchObject({
      shop: shop.id,
      email: 'buyer@example.com',
      profile: null,
      discount: null,
      tax: 0,
      currency: 'GHS',
      // The sale price (40) is used; an instant rate is in the checkout total.
      totals: { subtotal: 360, tax: 0, delivery: 20, discount: 0, total: 380 },
      delivery: {
        type: 'dispatch',
        region: 'GH-AA',
        address: '12 Oxford St',
        phone: '+233200000000',
        rate: { _id: instant.id, name: 'Accra express', rate: { value: 20, currency: 'GHS' }, paymentOption: 'instant', estimatedDays: 1 },
      },
    })
    expect(checkout.items).toEqual([
      {
        product: {
          _id: scarf.id,
          title: 'Kente scarf',
          price: { value: 100, currency: 'GHS' },
          sellAt: 0,
          images: [{ url: '/uploads/a/b.webp', thumbnail: '/uploads/a/b-t.webp', alt: '' }],
        },
        variant: null,
        count: 2,
        unitPrice: 100,
      },
      { product: { _id: sandals.id, title: 'Leather sandals', price: { value: 50, currency: 'GHS' }, sellAt: 40, images: [] }, variant: null, count: 1, unitPrice: 40 },
      { product: expect.objectContaining({ _id: shirt.id }), variant: { _id: 'large', features: { size: 'L' } }, count: 1, unitPrice: 120 },
    ])
    expect(checkout._id).toMatch(/^[0-9a-f-]{36}$/)
    // A checkout takes no stock.
    expect(await db.select().from(inventory)).toEqual(before)
  })

  it('uses the logged-in user as profile and their email by default', async () => {
    const checkout = await created({ items: [{ product: scarf.id, count: 1 }], delivery: pickUp }, { user: shopper })
    expect(checkout).toMatchObject({ profile: shopper.id, email: shopper.email })
    const other = await created({ items: [{ product: scarf.id, count: 1 }], delivery: pickUp }, { user: shopper, email: 'gift@example.com' })
    expect(other.email).toBe('gift@example.com')
  })

  it('charges no delivery for pick-up and leaves an on-delivery fee out of the total', async () => {
    const picked = await created({ items: [{ product: scarf.id, count: 1 }], delivery: pickUp }, { user: shopper })
    expect(picked.totals).toEqual({ subtotal: 100, tax: 0, delivery: 0, discount: 0, total: 100, totalInclTax: 100 })
    expect(picked.delivery).toEqual({ type: 'pick-up', region: null, rate: null, address: '', phone: '' })
    const ridden = await created({ items: [{ product: scarf.id, count: 1 }], delivery: dispatch(rider.id) }, { user: shopper })
    expect(ridden.totals).toEqual({ subtotal: 100, tax: 0, delivery: 15, discount: 0, total: 100, totalInclTax: 115 })
    expect(ridden.delivery.rate?.paymentOption).toBe('on-delivery')
  })

  it('applies percentage and fixed codes; an unusable code gives no discount in a preview', async () => {
    const percent = await addCode({ code: 'TEN', type: 'percentage', value: 10 })
    await addCode({ code: 'FIVE', type: 'fixed', value: 500 })
    await addCode({ code: 'EXPIRED', expiresAt: new Date(Date.now() - 1000) })
    await addCode({ code: 'BIGSPEND', minSubtotalMinor: 100_000 })
    await addCode({ code: 'USEDUP', usageLimit: 2, usedCount: 2 })
    await addCode({ code: 'OTHERS' }, otherShop.id)
    const body = (code: string) => ({ items: [{ product: scarf.id, count: 3 }], delivery: pickUp, discount: { code } })
    const ten = await created(body('ten'), { user: shopper })
    expect(ten.discount).toEqual({ code: 'TEN', type: 'percentage', value: 10 })
    expect(ten.totals).toEqual({ subtotal: 300, tax: 0, delivery: 0, discount: 30, total: 270, totalInclTax: 270 })
    const five = await created(body('FIVE'), { user: shopper })
    expect(five.discount).toEqual({ code: 'FIVE', type: 'fixed', value: 5 })
    expect(five.totals.total).toBe(295)
    for (const code of ['EXPIRED', 'BIGSPEND', 'USEDUP', 'OTHERS', 'NOPE']) {
      const preview = await created(body(code), { user: shopper })
      expect(preview.discount, code).toBeNull()
      expect(preview.totals).toEqual({ subtotal: 300, tax: 0, delivery: 0, discount: 0, total: 300, totalInclTax: 300 })
    }
    // A preview takes no use.
    expect((await db.select().from(discountCodes).where(eq(discountCodes.id, percent.id)))[0]!.usedCount).toBe(0)
    const nullCode = await created({ items: [{ product: scarf.id, count: 1 }], delivery: pickUp, discount: null }, { user: shopper })
    expect(nullCode.discount).toBeNull()
  })

  it('adds tax from the shop settings to the checkout total', async () => {
    const taxed = await createShop(ctx)
    await db.update(shopConfigs).set({ taxRateBps: 1250 }).where(eq(shopConfigs.shopId, taxed.id))
    const product = await addProduct({ priceMinor: 9_999 }, taxed.id)
    const rate = await addRate({ rateMinor: 1_000 }, taxed.id)
    const checkout = await created(
      { items: [{ product: product.id, count: 1 }], delivery: dispatch(rate.id) },
      { user: shopper, shopId: taxed.id },
    )
    expect(checkout.tax).toBe(12.5)
    expect(checkout.totals).toEqual({ subtotal: 99.99, tax: 12.5, delivery: 10, discount: 0, total: 122.49, totalInclTax: 122.49 })
  })

  it('answers 400 naming the field for products, variants and rates that do not fit', async () => {
    const foreign = await addProduct({}, otherShop.id)
    const hidden = await addProduct({ available: false })
    const dollars = await addProduct({ currency: 'USD' })
    const inactive = await addRate({ active: false })
    const foreignRate = await addRate({}, otherShop.id)
    const cases: [unknown, string[]][] = [
      [{ items: [{ product: foreign.id, count: 1 }], delivery: pickUp }, ['items.0.product']],
      [{ items: [{ product: scarf.id, count: 1 }, { product: hidden.id, count: 1 }], delivery: pickUp }, ['items.1.product']],
      [{ items: [{ product: dollars.id, count: 1 }], delivery: pickUp }, ['items.0.product']],
      [{ items: [{ product: shirt.id, count: 1 }], delivery: pickUp }, ['items.0.variant']],
      [{ items: [{ product: shirt.id, variant: 'medium', count: 1 }], delivery: pickUp }, ['items.0.variant']],
      [{ items: [{ product: scarf.id, variant: 'small', count: 1 }], delivery: pickUp }, ['items.0.variant']],
      [{ items: [{ product: scarf.id, count: 1 }, { product: scarf.id, variant: null, count: 2 }], delivery: pickUp }, ['items.1']],
      [{ items: [{ product: scarf.id, count: 1 }], delivery: dispatch(instant.id, 'GH-AH') }, ['delivery.rate']],
      [{ items: [{ product: scarf.id, count: 1 }], delivery: dispatch(inactive.id) }, ['delivery.rate']],
      [{ items: [{ product: scarf.id, count: 1 }], delivery: dispatch(foreignRate.id) }, ['delivery.rate']],
      [{ items: [{ product: scarf.id, count: 1 }], delivery: { type: 'dispatch', phone: '0200000000' } }, ['delivery.region', 'delivery.rate', 'delivery.address']],
      // Every phone given must be one; a delivery needs one of the two.
      [{ items: [{ product: scarf.id, count: 1 }], delivery: { ...dispatch(), phone: '12345' }, phone: 'call me' }, ['phone', 'delivery.phone']],
      [{ items: [{ product: scarf.id, count: 1 }], delivery: { ...dispatch(), phone: undefined } }, ['delivery.phone']],
      [{ items: [{ product: scarf.id, count: 1 }], delivery: { ...pickUp, region: 'GH-AA', rate: instant.id } }, ['delivery.region', 'delivery.rate']],
      [{ items: [{ product: foreign.id, count: 1 }], delivery: dispatch(foreignRate.id) }, ['items.0.product', 'delivery.rate']],
    ]
    const count = await checkoutCount()
    for (const [body, paths] of cases) {
      const response = await create(body, { user: shopper })
      expect(response.statusCode, JSON.stringify(body)).toBe(400)
      expect(errorBody(response).errors?.map((e) => e.path)).toEqual(paths)
    }
    expect(await checkoutCount()).toBe(count)
  })

  it('answers 400 for bad bodies and queries, never a 5xx, and stores nothing', async () => {
    const item = { product: scarf.id, count: 1 }
    const count = await checkoutCount()
    const bodies: unknown[] = [
      {},
      { items: [item] },
      { items: [], delivery: pickUp },
      { items: Array.from({ length: 101 }, () => item), delivery: pickUp },
      { items: [{ ...item, price: { value: 1, currency: 'GHS' } }], delivery: pickUp },
      { items: [item], delivery: pickUp, totals: { total: 0 } },
      { items: [item], delivery: pickUp, shop: otherShop.id },
      { items: [item], delivery: pickUp, checkout: scarf.id },
      { items: [{ ...item, count: 0 }], delivery: pickUp },
      { items: [{ ...item, count: -1 }], delivery: pickUp },
      { items: [{ ...item, count: 1001 }], delivery: pickUp },
      { items: [{ ...item, count: '2' }], delivery: pickUp },
      { items: [{ product: "1' or '1'='1", count: 1 }], delivery: pickUp },
      { items: [item], delivery: { type: 'dispatch', region: 'GH-AA', rate: instant.id, address: '   ' } },
      { items: [item], delivery: { ...pickUp, address: 'x'.repeat(501) } },
      { items: [item], delivery: pickUp, discount: { code: '' } },
      { items: [item], delivery: pickUp, discount: 'TEN' },
      null,
    ]
    for (const body of bodies) {
      const response = await create(body, { user: shopper })
      expect(response.statusCode, JSON.stringify(body)).toBe(400)
      errorBody(response)
    }
    const malformed = await ctx.app.inject({
      method: 'POST',
      url: `/api/checkouts/?shop=${shop.id}`,
      headers: { ...shopper.headers, 'content-type': 'application/json' },
      payload: '{"items": [}',
    })
    expect(malformed.statusCode).toBe(400)
    errorBody(malformed)
    const huge = await create({ items: [item], delivery: pickUp, discount: { code: 'x'.repeat(150_000) } }, { user: shopper })
    expect(huge.statusCode).toBe(413)
    errorBody(huge)

    const body = { items: [item], delivery: pickUp }
    for (const url of ['/api/checkouts/', '/api/checkouts/?shop=abc', `/api/checkouts/?shop=${shop.id}&email=not-an-email`, `/api/checkouts/?shop=${shop.id}&profile=${shopper.id}`]) {
      const response = await ctx.app.inject({ method: 'POST', url, headers: shopper.headers, payload: body })
      expect(response.statusCode, url).toBe(400)
      errorBody(response)
    }
    const anonymous = await create(body)
    expect(anonymous.statusCode).toBe(400)
    expect(errorBody(anonymous).errors?.[0]?.path).toBe('email')
    expect(await checkoutCount()).toBe(count)
    const unknownShop = await create(body, { user: shopper, shopId: '00000000-0000-4000-8000-000000000000' })
    expect(unknownShop.statusCode).toBe(404)
  })
})

describe('GET /api/checkouts/{id}', () => {
  it('shows anyone with the id the items and totals, and only the creator the contact details', async () => {
    const checkout = await created(
      { items: [{ product: scarf.id, count: 1 }], delivery: dispatch(), name: 'Esi Owusu', phone: '024 412 3456' },
      { user: shopper },
    )
    const creator = await get(`/api/checkouts/${checkout._id}`, shopper)
    expect(creator.statusCode).toBe(200)
    expect(creator.json()).toEqual(checkout)

    const { email, profile, delivery, customerName, phone: buyerPhone, ...shared } = checkout
    const { address, phone, ...sharedDelivery } = delivery
    expect([email, profile, address, phone]).toEqual([shopper.email, shopper.id, '12 Oxford St', '+233200000000'])
    expect([customerName, buyerPhone]).toEqual(['Esi Owusu', '+233244123456'])
    for (const user of [undefined, outsider, keeper]) {
      const response = await get(`/api/checkouts/${checkout._id}`, user)
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({ ...shared, delivery: sharedDelivery })
    }
  })

  it('never shows an anonymous creator\'s details to anyone', async () => {
    const checkout = await created({ items: [{ product: scarf.id, count: 1 }], delivery: dispatch() }, { email: 'anon@example.com' })
    // Anonymous again, or logged in later: an anonymous creator is never recognised.
    for (const user of [undefined, shopper, keeper]) {
      const response = await get(`/api/checkouts/${checkout._id}`, user)
      expect(response.statusCode).toBe(200)
      expect(response.json().email).toBeUndefined()
      expect(response.json().profile).toBeUndefined()
      expect(response.json().delivery.address).toBeUndefined()
      expect(response.json().delivery.phone).toBeUndefined()
      for (const secret of ['anon@example.com', '12 Oxford St', '+233200000000']) expect(response.body).not.toContain(secret)
    }
  })

  it('answers 404 for an unknown id and 400 for a malformed one or unknown parameters', async () => {
    expect((await get('/api/checkouts/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404)
    expect((await get('/api/checkouts/not-a-uuid')).statusCode).toBe(400)
    const checkout = await created({ items: [{ product: scarf.id, count: 1 }], delivery: pickUp }, { user: shopper })
    const response = await get(`/api/checkouts/${checkout._id}?email=1`)
    expect(response.statusCode).toBe(400)
    errorBody(response)
  })
})

const listShop = await createShop(ctx)
const listed = await addProduct({ title: 'Listed' }, listShop.id)
const buyer = await createUser(ctx)
const listBody = { items: [{ product: listed.id, count: 1 }], delivery: pickUp }
const first = await created(listBody, { user: buyer, shopId: listShop.id })
const second = await created(listBody, { user: buyer, shopId: listShop.id })
await created(listBody, { user: shopper, shopId: listShop.id })
await created(listBody, { email: 'anon@example.com', shopId: listShop.id })
await db.update(checkouts).set({ createdAt: new Date(Date.now() - 60_000) }).where(eq(checkouts.id, first._id))
const url = `/api/checkouts/?profile=${buyer.id}&shop=${listShop.id}`

describe('GET /api/checkouts/', () => {
  it('lists the caller\'s own checkouts in the shop, newest first', async () => {
    const response = await get(url, buyer)
    expect(response.statusCode).toBe(200)
    const page = response.json<Page<Checkout>>()
    expect(page).toMatchObject({ total: 2, limit: 20, skip: 0 })
    expect(page.data.map((c) => c._id)).toEqual([second._id, first._id])
    expect(page.data[0]).toEqual(second)
    const oldestFirst = await get(`${url}&$sort[createdAt]=1&$limit=1`, buyer)
    expect(oldestFirst.json<Page<Checkout>>().data.map((c) => c._id)).toEqual([first._id])
    const inOtherShop = await get(`/api/checkouts/?profile=${buyer.id}&shop=${shop.id}`, buyer)
    expect(inOtherShop.json()).toMatchObject({ total: 0, data: [] })
  })

  it('answers 401 anonymous and 403 for someone else\'s profile', async () => {
    expect((await get(url)).statusCode).toBe(401)
    for (const user of [shopper, keeper]) {
      const response = await get(url, user)
      expect(response.statusCode).toBe(403)
      errorBody(response)
    }
  })

  it('answers 400 for missing parameters, unknown fields, operators and sorts', async () => {
    for (const query of [
      `/api/checkouts/?profile=${buyer.id}`,
      `/api/checkouts/?shop=${listShop.id}`,
      `${url}&email=x`,
      `${url}&createdAt[$regex]=1`,
      `${url}&$sort[total]=1`,
      `${url}&$limit=abc`,
      `/api/checkouts/?profile=me&shop=${listShop.id}`,
    ]) {
      const response = await get(query, buyer)
      expect(response.statusCode, query).toBe(400)
      errorBody(response)
    }
  })
})
