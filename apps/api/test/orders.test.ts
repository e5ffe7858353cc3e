import type { Checkout, Order } from '@shop/domain/schemas/orders'
import type { Page } from '@shop/domain/schemas/wire'
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import {
  discountCodes,
  inventory,
  notifications,
  orderEvents,
  orders,
  products,
  shopConfigs,
} from '../src/db/schema'
import { commerceFixtures } from './commerce-fixtures'
import { type TestUser, createStaffedShop, createUser, errorBody, setupApp } from './helpers'

const ctx = await setupApp()
const db = ctx.database.db
const { shop, otherShop, owner, administrator, manager, keeper, shopper, outsider } = await createStaffedShop(ctx)
const { addProduct, addRate, addCode } = commerceFixtures(ctx, shop.id)
const staff = [owner, administrator, manager, keeper]

// ---------------------------------------------------------------- fixtures

async function setStock(productId: string, quantity: number, variantId = '', tracked = true, shopId = shop.id) {
  await db.insert(inventory).values({ shopId, productId, variantId, quantity, tracked })
}

async function stockOf(productId: string, variantId = '') {
  const [row] = await db
    .select()
    .from(inventory)
    .where(and(eq(inventory.productId, productId), eq(inventory.variantId, variantId)))
  return row!.quantity
}

async function productRow(id: string) {
  const [row] = await db.select().from(products).where(eq(products.id, id))
  return row!
}

async function codeRow(id: string) {
  const [row] = await db.select().from(discountCodes).where(eq(discountCodes.id, id))
  return row!
}

async function orderRow(id: string) {
  const [row] = await db.select().from(orders).where(eq(orders.id, id))
  return row!
}

async function orderCount(shopId = shop.id) {
  return (await db.select({ id: orders.id }).from(orders).where(eq(orders.shopId, shopId))).length
}

type Options = { user?: TestUser; email?: string; shopId?: string; key?: string; headers?: Record<string, string> }

function place(body: unknown, options: Options = {}) {
  const params = new URLSearchParams({ shop: options.shopId ?? shop.id })
  if (options.email) params.set('email', options.email)
  return ctx.app.inject({
    method: 'POST',
    url: `/api/orders/?${params}`,
    headers: { ...options.user?.headers, ...(options.key ? { 'idempotency-key': options.key } : {}), ...options.headers },
    payload: body as object,
  })
}

async function placed(body: unknown, options: Options = {}): Promise<Order> {
  const response = await place(body, options)
  expect(response.statusCode, response.body).toBe(201)
  return response.json()
}

const get = (url: string, user?: TestUser) => ctx.app.inject({ method: 'GET', url, headers: user?.headers })
const patch = (id: string, body: unknown, user?: TestUser, key?: string) =>
  ctx.app.inject({
    method: 'PATCH',
    url: `/api/orders/${id}${key ? `?key=${key}` : ''}`,
    headers: user?.headers,
    payload: body as object,
  })

const pickUp = { type: 'pick-up' }

// Catalog: a plain product (GHS 100), one on sale (50 → 40), one with two variants, and an untracked one.
const scarf = await addProduct({ title: 'Kente scarf', priceMinor: 10_000 })
await setStock(scarf.id, 1000)
const sandals = await addProduct({ title: 'Leather sandals', priceMinor: 5_000, sellAtMinor: 4_000 })
await setStock(sandals.id, 1000)
const shirt = await addProduct({
  title: 'Batik shirt',
  priceMinor: 12_000,
  variants: [
    { _id: 'small', features: { size: 'S' } },
    { _id: 'large', features: { size: 'L' } },
  ],
})
await setStock(shirt.id, 1000, 'small')
await setStock(shirt.id, 1000, 'large')
const poster = await addProduct({ title: 'Poster', priceMinor: 1_000 })
const instant = await addRate({ name: 'Accra express', regions: ['GH-AA'], rateMinor: 2_000, paymentOption: 'instant' })
const onDelivery = await addRate({ name: 'Rider', regions: ['GH-AA', 'GH-AH'], rateMinor: 1_500, paymentOption: 'on-delivery' })
const dispatch = (rate = instant.id, region = 'GH-AA') => ({ type: 'dispatch', region, rate, address: '12 Oxford St, Osu', phone: '+233 20 000 0000' })

// ---------------------------------------------------------------- placing

describe('POST /api/orders/ from items', () => {
  it('prices from the catalog, writes the order, its timeline and notifications, and takes the stock', async () => {
    const before = await stockOf(scarf.id)
    const order = await placed(
      { items: [{ product: scarf.id, count: 2 }, { product: sandals.id, count: 1 }], delivery: dispatch(), phone: '0200000001', name: ' Ama Mensah ' },
      { user: shopper },
    )
    expect(order.orderId).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{6}$/)
    expect(order).toMatchObject({
      shop: shop.id,
      profile: shopper.id,
      email: shopper.email,
      // Phones are kept in international form, the name trimmed.
      phone: '+233200000001',
      customerName: 'Ama Mensah',
      paid: 0,
      balance: 260,
      status: 'placed',
      acked: true,
      payment: { provider: 'manual' },
      discount: null,
      tax: 0,
      // docs/product.md §9: order total = subtotal + delivery − discount. The sale price (40) is charged.
      totals: { subtotal: 240, tax: 0, delivery: 20, discount: 0, total: 260 },
      amountDue: 260,
      delivery: { type: 'dispatch', region: 'GH-AA', address: '12 Oxford St, Osu', phone: '+233200000000' },
    })
    expect(order.delivery.rate).toMatchObject({ _id: instant.id, name: 'Accra express', rate: { value: 20, currency: 'GHS' }, paymentOption: 'instant', estimatedDays: 2 })
    expect(order.items[1]).toMatchObject({ product: { _id: sandals.id, price: { value: 50 }, sellAt: 40 }, variant: null, count: 1, unitPrice: 40 })
    expect(order.timeline).toEqual([{ type: 'status', status: 'placed', note: '', createdAt: order.createdAt }])
    expect(order.accessKey).toBeUndefined()
    expect(await stockOf(scarf.id)).toBe(before - 2)

    const row = await orderRow(order._id)
    expect(row).toMatchObject({ subtotalMinor: 24_000, deliveryMinor: 2_000, totalMinor: 26_000, accessKeyHash: null })
    const events = await db.select().from(orderEvents).where(eq(orderEvents.orderId, order._id))
    expect(events).toHaveLength(1)

    const notes = await db.select().from(notifications).where(eq(notifications.shopId, shop.id))
    const mine = notes.filter((n) => n.link.includes(order._id))
    expect(mine.filter((n) => n.userId === shopper.id)).toEqual([
      expect.objectContaining({ type: 'order-placed', title: `Order ${order.orderId} is placed` }),
    ])
    const staffNotes = mine.filter((n) => n.type === 'new-order')
    expect(staffNotes.map((n) => n.userId).sort()).toEqual(staff.map((u) => u.id).sort())
    expect(staffNotes[0]!.title).toBe(`New order ${order.orderId}`)
    expect(staffNotes[0]!.body.replace(/\u00a0/g, ' ')).toBe('Kente scarf and 1 other item · GHS 260.00')
    expect(notes.some((n) => n.userId === outsider.id)).toBe(false)
  })

  it('ignores nothing the client says about prices: a price field is a 400 and nothing is written', async () => {
    const count = await orderCount()
    for (const body of [
      { items: [{ product: scarf.id, count: 1, price: 1 }], delivery: pickUp },
      { items: [{ product: scarf.id, count: 1, unitPrice: 1 }], delivery: pickUp },
      { items: [{ product: scarf.id, count: 1 }], delivery: pickUp, totals: { total: 1 } },
      { items: [{ product: scarf.id, count: 1 }], delivery: { ...pickUp, fee: 0 } },
      { items: [{ product: scarf.id, count: 1 }], delivery: pickUp, status: 'delivered' },
      { items: [{ product: scarf.id, count: 1 }], delivery: pickUp, acked: true },
    ]) {
      const response = await place(body, { user: shopper })
      expect(response.statusCode, JSON.stringify(body)).toBe(400)
      expect(errorBody(response).errors?.[0]?.message).toBe('is not allowed')
    }
    const response = await place({ items: [{ product: scarf.id, count: 1, price: 1 }], delivery: pickUp }, { user: shopper })
    expect(errorBody(response).errors).toEqual([{ path: 'items.0.price', message: 'is not allowed' }])
    expect(await orderCount()).toBe(count)
  })

  it('has no delivery fee for pick-up, and uses the variant asked for', async () => {
    const large = await stockOf(shirt.id, 'large')
    const order = await placed({ items: [{ product: shirt.id, variant: 'large', count: 3 }], delivery: pickUp }, { user: shopper })
    expect(order.totals).toEqual({ subtotal: 360, tax: 0, delivery: 0, discount: 0, total: 360, totalInclTax: 360 })
    expect(order.delivery).toEqual({ type: 'pick-up', region: null, rate: null, address: '', phone: '' })
    expect(order.items[0]).toMatchObject({ variant: { _id: 'large', features: { size: 'L' } }, count: 3, unitPrice: 120 })
    expect(await stockOf(shirt.id, 'large')).toBe(large - 3)
    expect(await stockOf(shirt.id, 'small')).toBe(1000)
  })

  it('applies percentage and fixed codes and counts their uses', async () => {
    const percent = await addCode({ code: 'TENOFF', type: 'percentage', value: 10 })
    const fixed = await addCode({ code: 'GHS15', type: 'fixed', value: 1_500 })
    const a = await placed({ items: [{ product: scarf.id, count: 2 }], delivery: pickUp, discount: { code: 'tenoff' } }, { user: shopper })
    expect(a.discount).toEqual({ code: 'TENOFF', type: 'percentage', value: 10 })
    expect(a.totals).toEqual({ subtotal: 200, tax: 0, delivery: 0, discount: 20, total: 180, totalInclTax: 180 })
    const b = await placed({ items: [{ product: scarf.id, count: 1 }], delivery: dispatch(), discount: { code: 'GHS15' } }, { user: shopper })
    expect(b.discount).toEqual({ code: 'GHS15', type: 'fixed', value: 15 })
    expect(b.totals).toEqual({ subtotal: 100, tax: 0, delivery: 20, discount: 15, total: 105, totalInclTax: 105 })
    expect((await codeRow(percent.id)).usedCount).toBe(1)
    expect((await codeRow(fixed.id)).usedCount).toBe(1)
    expect((await orderRow(a._id)).discountCodeId).toBe(percent.id)
  })

  it('refuses an expired, unknown or used-up code (422/409) and changes nothing', async () => {
    const expired = await addCode({ code: 'OLDCODE', expiresAt: new Date(Date.now() - 60_000) })
    const usedUp = await addCode({ code: 'ONCEONLY', usageLimit: 1, usedCount: 1 })
    const before = await stockOf(scarf.id)
    const count = await orderCount()
    for (const [code, status] of [['OLDCODE', 422], ['NOSUCHCODE', 422], ['ONCEONLY', 409]] as const) {
      const response = await place({ items: [{ product: scarf.id, count: 1 }], delivery: pickUp, discount: { code } }, { user: shopper })
      expect(response.statusCode, code).toBe(status)
      expect(errorBody(response).errors?.[0]?.path).toBe('discount.code')
    }
    expect(await stockOf(scarf.id)).toBe(before)
    expect(await orderCount()).toBe(count)
    expect((await codeRow(expired.id)).usedCount).toBe(0)
    expect((await codeRow(usedUp.id)).usedCount).toBe(1)
  })

  it('computes tax from the shop settings: in amountDue (docs/product.md checkout total) but not in the order total', async () => {
    const taxed = await createStaffedShop(ctx)
    await db.update(shopConfigs).set({ taxRateBps: 1250 }).where(eq(shopConfigs.shopId, taxed.shop.id))
    const product = await addProduct({ title: 'Taxed', priceMinor: 10_000 }, taxed.shop.id)
    const rate = await addRate({ rateMinor: 2_000, paymentOption: 'instant' }, taxed.shop.id)
    const rider = await addRate({ rateMinor: 1_500, paymentOption: 'on-delivery' }, taxed.shop.id)
    const withInstant = await placed(
      { items: [{ product: product.id, count: 2 }], delivery: { type: 'dispatch', region: 'GH-AA', rate: rate.id, address: 'Osu' }, phone: '0200000000' },
      { user: shopper, shopId: taxed.shop.id },
    )
    expect(withInstant.tax).toBe(25)
    expect(withInstant.totals).toEqual({ subtotal: 200, tax: 25, delivery: 20, discount: 0, total: 220, totalInclTax: 245 })
    expect(withInstant.amountDue).toBe(245)
    const withRider = await placed(
      { items: [{ product: product.id, count: 2 }], delivery: { type: 'dispatch', region: 'GH-AA', rate: rider.id, address: 'Osu' }, phone: '0200000000' },
      { user: shopper, shopId: taxed.shop.id },
    )
    // The on-delivery fee is paid to the rider: in the order total, not in what is due up front.
    expect(withRider.totals).toEqual({ subtotal: 200, tax: 25, delivery: 15, discount: 0, total: 215, totalInclTax: 240 })
    expect(withRider.amountDue).toBe(225)
  })

  it('takes a payment provider the shop has enabled, the first by default; acked only when nothing is due up front', async () => {
    const paid = await createStaffedShop(ctx)
    await db
      .update(shopConfigs)
      .set({ paymentOptions: [{ provider: 'test', enabled: true }, { provider: 'manual', enabled: true }, { provider: 'paystack', enabled: false }] })
      .where(eq(shopConfigs.shopId, paid.shop.id))
    const product = await addProduct({ priceMinor: 3_000 }, paid.shop.id)
    const body = { items: [{ product: product.id, count: 1 }], delivery: pickUp }
    const byDefault = await placed(body, { user: shopper, shopId: paid.shop.id })
    expect(byDefault).toMatchObject({ payment: { provider: 'test' }, acked: false, amountDue: 30 })
    expect((await orderRow(byDefault._id)).paymentProvider).toBe('test')
    const manual = await placed({ ...body, payment: { provider: 'manual' } }, { user: shopper, shopId: paid.shop.id })
    expect(manual).toMatchObject({ payment: { provider: 'manual' }, acked: true })
    for (const provider of ['paystack', 'cash']) {
      const response = await place({ ...body, payment: { provider } }, { user: shopper, shopId: paid.shop.id })
      expect(response.statusCode).toBe(400)
      expect(errorBody(response).errors?.[0]?.path).toMatch(/^payment\.provider/)
    }
    // A shop without payment options set takes manual orders.
    const order = await placed({ ...body, items: [{ product: scarf.id, count: 1 }] }, { user: shopper })
    expect(order.payment.provider).toBe('manual')
  })

  it('refuses a shortage with 409 naming the line, and rolls back the code use, the order and the other lines', async () => {
    const mug = await addProduct({ title: 'Mug', priceMinor: 2_000 })
    await setStock(mug.id, 2)
    const code = await addCode({ code: 'MUGS' })
    const scarfBefore = await stockOf(scarf.id)
    const count = await orderCount()
    const response = await place(
      { items: [{ product: scarf.id, count: 1 }, { product: mug.id, count: 3 }], delivery: pickUp, discount: { code: 'MUGS' } },
      { user: shopper },
    )
    expect(response.statusCode).toBe(409)
    const body = errorBody(response)
    expect(body.errors).toEqual([{ path: 'items.1', message: 'only 2 left' }])
    expect(body.message).toContain('Mug')
    expect(await stockOf(mug.id)).toBe(2)
    expect(await stockOf(scarf.id)).toBe(scarfBefore)
    expect(await orderCount()).toBe(count)
    expect((await codeRow(code.id)).usedCount).toBe(0)
  })

  it('marks a product out of stock when its last tracked unit is sold; untracked stock is unlimited', async () => {
    const lamp = await addProduct({ title: 'Lamp' })
    await setStock(lamp.id, 1)
    // Ten: the most of one item a shopper may order (decision 52).
    await placed({ items: [{ product: lamp.id, count: 1 }, { product: poster.id, count: 10 }], delivery: pickUp }, { user: shopper })
    expect(await stockOf(lamp.id)).toBe(0)
    expect((await productRow(lamp.id)).inStock).toBe(false)
    const again = await place({ items: [{ product: lamp.id, count: 1 }], delivery: pickUp }, { user: shopper })
    expect(again.statusCode).toBe(409)
    expect(errorBody(again).errors).toEqual([{ path: 'items.0', message: 'only 0 left' }])
    const bowl = await addProduct({ title: 'Bowl' })
    await setStock(bowl.id, 0, '', false)
    await placed({ items: [{ product: bowl.id, count: 10 }], delivery: pickUp }, { user: shopper })
    expect(await stockOf(bowl.id)).toBe(0)
  })

  it('answers 400 naming items.N.product for another shop\'s, unavailable or unknown products', async () => {
    const foreign = await addProduct({}, otherShop.id)
    const hidden = await addProduct({ available: false })
    const response = await place(
      {
        items: [
          { product: scarf.id, count: 1 },
          { product: foreign.id, count: 1 },
          { product: hidden.id, count: 1 },
          { product: '00000000-0000-4000-8000-000000000000', count: 1 },
        ],
        delivery: pickUp,
      },
      { user: shopper },
    )
    expect(response.statusCode).toBe(400)
    expect(errorBody(response).errors?.map((e) => e.path)).toEqual(['items.1.product', 'items.2.product', 'items.3.product'])
  })

  it('answers 400 for bad input, never a 5xx, and writes nothing', async () => {
    const count = await orderCount()
    const item = { product: scarf.id, count: 1 }
    const bodies: unknown[] = [
      {},
      { items: [], delivery: pickUp },
      { items: Array.from({ length: 101 }, () => item), delivery: pickUp },
      { items: [{ ...item, count: 0 }], delivery: pickUp },
      { items: [{ ...item, count: 1001 }], delivery: pickUp },
      { items: [{ ...item, count: 1.5 }], delivery: pickUp },
      { items: [{ ...item, count: '1' }], delivery: pickUp },
      { items: [{ product: 'not-a-uuid', count: 1 }], delivery: pickUp },
      { items: [item] },
      { delivery: pickUp },
      { items: [item, item], delivery: pickUp },
      { items: [item], delivery: { type: 'drone' } },
      { items: [item], delivery: { type: 'dispatch', region: 'GH-AA', rate: instant.id } },
      { items: [item], delivery: { type: 'dispatch', region: 'GH-AA', address: 'Osu' } },
      { items: [item], delivery: { ...dispatch(), region: 'GH-XX' } },
      { items: [item], delivery: { ...dispatch(), region: 'accra' } },
      { items: [item], delivery: { ...dispatch(), rate: 'x' } },
      { items: [item], delivery: { ...pickUp, rate: instant.id } },
      { items: [item], delivery: { ...dispatch(), phone: 'call me' } },
      { items: [{ product: shirt.id, count: 1 }], delivery: pickUp },
      { items: [{ product: shirt.id, variant: 'huge', count: 1 }], delivery: pickUp },
      { items: [{ product: scarf.id, variant: 'small', count: 1 }], delivery: pickUp },
      { items: [item], delivery: pickUp, discount: { code: 'X', value: 100 } },
      { items: [item], delivery: pickUp, payment: { provider: 'manual', amount: 1 } },
      { checkout: '00000000-0000-4000-8000-000000000000', items: [item], delivery: pickUp },
      { checkout: 'nope' },
      [item],
      'text',
    ]
    for (const body of bodies) {
      const response = await place(body, { user: shopper })
      expect(response.statusCode, JSON.stringify(body)).toBe(400)
      errorBody(response)
    }
    const malformed = await ctx.app.inject({
      method: 'POST',
      url: `/api/orders/?shop=${shop.id}`,
      headers: { ...shopper.headers, 'content-type': 'application/json' },
      payload: '{"items": [',
    })
    expect(malformed.statusCode).toBe(400)
    errorBody(malformed)
    const huge = await place({ items: [item], delivery: { ...dispatch(), address: 'x'.repeat(200_000) } }, { user: shopper })
    expect(huge.statusCode).toBe(413)
    errorBody(huge)
    expect(await orderCount()).toBe(count)
  })

  it('answers 400 for a bad query and 404 for an unknown shop', async () => {
    const body = { items: [{ product: scarf.id, count: 1 }], delivery: pickUp }
    for (const url of ['/api/orders/', '/api/orders/?shop=x', `/api/orders/?shop=${shop.id}&price=1`, `/api/orders/?shop=${shop.id}&email=nope`]) {
      const response = await ctx.app.inject({ method: 'POST', url, headers: shopper.headers, payload: body })
      expect(response.statusCode, url).toBe(400)
      errorBody(response)
    }
    const anonymous = await place(body)
    expect(anonymous.statusCode).toBe(400)
    expect(errorBody(anonymous).errors).toEqual([{ path: 'email', message: 'is required when not logged in and no phone is given' }])
    const unknown = await place(body, { user: shopper, shopId: '00000000-0000-4000-8000-000000000000' })
    expect(unknown.statusCode).toBe(404)
  })
})

describe('large amounts', () => {
  it('places, pays and reads orders whose totals pass 32 bits (3 × GHS 10,000,000)', async () => {
    const car = await addProduct({ title: 'Pick-up truck', priceMinor: 1_000_000_000 })
    const body = { items: [{ product: car.id, count: 3 }], delivery: pickUp }
    const checkout = await ctx.app.inject({ method: 'POST', url: `/api/checkouts/?shop=${shop.id}&email=fleet@example.com`, payload: body })
    expect(checkout.statusCode, checkout.body).toBe(201)
    expect(checkout.json().totals.total).toBe(30_000_000)
    const order = await placed(body, { email: 'fleet@example.com' })
    expect(order.totals).toMatchObject({ subtotal: 30_000_000, total: 30_000_000 })
    const recorded = await ctx.app.inject({
      method: 'POST',
      url: '/api/transactions/',
      headers: owner.headers,
      payload: { order: order._id, method: 'bank-transfer', amount: 10_000_000 },
    })
    expect(recorded.statusCode, recorded.body).toBe(201)
    const read = await get(`/api/orders/${order._id}`, owner)
    expect(read.json()).toMatchObject({ paid: 10_000_000, balance: 20_000_000 })
  })
})

describe('POST /api/orders/ from a checkout', () => {
  async function checkout(body: unknown, user?: TestUser) {
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/checkouts/?shop=${shop.id}${user ? '' : '&email=buyer@example.com'}`,
      headers: user?.headers,
      payload: body as object,
    })
    expect(response.statusCode, response.body).toBe(201)
    return response.json<Checkout>()
  }

  it('re-prices from the catalog instead of trusting the checkout\'s stored prices', async () => {
    const vase = await addProduct({ title: 'Vase', priceMinor: 3_000 })
    await addCode({ code: 'VASE10', type: 'percentage', value: 10 })
    const created = await checkout({ items: [{ product: vase.id, count: 2 }], delivery: dispatch(onDelivery.id, 'GH-AH'), discount: { code: 'VASE10' } }, shopper)
    expect(created.totals.total).toBe(54)
    await db.update(products).set({ priceMinor: 4_000 }).where(eq(products.id, vase.id))
    const order = await placed({ checkout: created._id }, { user: shopper })
    expect(order.totals).toEqual({ subtotal: 80, tax: 0, delivery: 15, discount: 8, total: 87, totalInclTax: 87 })
    expect(order.delivery).toMatchObject({ type: 'dispatch', region: 'GH-AH', address: '12 Oxford St, Osu', phone: '+233200000000' })
    expect(order.delivery.rate?._id).toBe(onDelivery.id)
    expect(order.phone).toBe('+233200000000')
    expect(order.amountDue).toBe(72)
    expect((await orderRow(order._id)).checkoutId).toBe(created._id)
  })

  // The creator's contact details, as they would leak into someone else's order.
  const creatorDelivery = { type: 'dispatch', region: 'GH-AH', rate: onDelivery.id, address: '7 Creator Lane, Kumasi', phone: '+233 24 777 7777' }
  const buyerDelivery = { type: 'dispatch', region: 'GH-AA', rate: instant.id, address: '3 Buyer Road, Osu', phone: '+233 20 111 2222' }

  function expectNothingOfTheCreator(body: string, creatorEmail: string) {
    for (const secret of ['7 Creator Lane', '+233247777777', 'Creator Name', creatorEmail]) expect(body).not.toContain(secret)
  }

  it('lets anyone with a shared checkout place it, as themselves, with their own delivery and nothing of the creator', async () => {
    await addCode({ code: 'SHARE5', type: 'percentage', value: 5 })
    const created = await checkout(
      { items: [{ product: scarf.id, count: 2 }], delivery: creatorDelivery, discount: { code: 'SHARE5' }, name: 'Creator Name', phone: '0247777777' },
      shopper,
    )
    const friend = await createUser(ctx)
    const response = await place({ checkout: created._id, delivery: buyerDelivery, name: 'Friend' }, { user: friend })
    expect(response.statusCode, response.body).toBe(201)
    const order = response.json<Order>()
    expect(order).toMatchObject({
      profile: friend.id,
      email: friend.email,
      phone: '+233201112222',
      customerName: 'Friend',
      delivery: { type: 'dispatch', region: 'GH-AA', address: '3 Buyer Road, Osu', phone: '+233201112222' },
      discount: { code: 'SHARE5', type: 'percentage', value: 5 },
      totals: { subtotal: 200, tax: 0, delivery: 20, discount: 10, total: 210 },
    })
    expect(order.items.map((line) => [line.product._id, line.count])).toEqual([[scarf.id, 2]])
    expect(order.delivery.rate?._id).toBe(instant.id)
    expectNothingOfTheCreator(response.body, shopper.email)
    const row = await orderRow(order._id)
    expectNothingOfTheCreator(JSON.stringify(row), shopper.email)
    expect(row.checkoutId).toBe(created._id)
  })

  it('lets someone else (logged in or anonymous) pay it as it is: the creator\'s delivery is kept and not shown to them', async () => {
    for (const options of [{ user: await createUser(ctx) }, { email: 'stranger@example.com' }]) {
      const mine = await checkout({ items: [{ product: scarf.id, count: 1 }], delivery: creatorDelivery, name: 'Creator Name' }, shopper)
      const response = await place({ checkout: mine._id }, options)
      expect(response.statusCode, response.body).toBe(201)
      expect(response.json()).toMatchObject({ sharedDelivery: true, delivery: { type: 'dispatch', region: 'GH-AH', rate: { _id: onDelivery.id } } })
      expectNothingOfTheCreator(response.body, shopper.email)
      const row = await orderRow((response.json<Order>())._id)
      expect(row.delivery).toMatchObject({ address: '7 Creator Lane, Kumasi', phone: '+233247777777', fromSharer: true })
    }
  })

  it('uses the creator\'s own delivery for the creator unless they send another', async () => {
    const created = await checkout({ items: [{ product: scarf.id, count: 1 }], delivery: creatorDelivery, name: 'Creator Name' }, shopper)
    const asSaved = await placed({ checkout: created._id }, { user: shopper })
    expect(asSaved.delivery).toMatchObject({ type: 'dispatch', region: 'GH-AH', address: '7 Creator Lane, Kumasi', phone: '+233247777777' })
    expect(asSaved).toMatchObject({ customerName: 'Creator Name', phone: '+233247777777' })
    // A checkout is placed once: the same delivery choice is tried on a second one.
    const again = await checkout({ items: [{ product: scarf.id, count: 1 }], delivery: creatorDelivery, name: 'Creator Name' }, shopper)
    const changed = await placed({ checkout: again._id, delivery: pickUp }, { user: shopper })
    expect(changed.delivery).toMatchObject({ type: 'pick-up', region: null, rate: null })
  })

  it('still refuses items or a discount alongside a checkout, and checks the delivery sent with one', async () => {
    const created = await checkout({ items: [{ product: scarf.id, count: 1 }], delivery: pickUp }, shopper)
    const friend = await createUser(ctx)
    const count = await orderCount()
    const cases: [unknown, string][] = [
      [{ checkout: created._id, delivery: pickUp, items: [{ product: scarf.id, count: 1 }] }, 'items'],
      [{ checkout: created._id, delivery: pickUp, discount: { code: 'SHARE5' } }, 'discount'],
      [{ checkout: created._id, delivery: { type: 'dispatch', region: 'GH-AA', address: 'Osu', phone: '0200000000' } }, 'delivery.rate'],
      [{ checkout: created._id, delivery: { type: 'dispatch', region: 'GH-AA', rate: instant.id, address: 'Osu' } }, 'delivery.phone'],
    ]
    for (const [body, path] of cases) {
      const response = await place(body, { user: friend })
      expect(response.statusCode, JSON.stringify(body)).toBe(400)
      expect(errorBody(response).errors?.[0]?.path, JSON.stringify(body)).toBe(path)
    }
    expect(await orderCount()).toBe(count)
  })

  it('answers 404 for a checkout of another shop or an unknown one', async () => {
    const foreignProduct = await addProduct({}, otherShop.id)
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/checkouts/?shop=${otherShop.id}`,
      headers: shopper.headers,
      payload: { items: [{ product: foreignProduct.id, count: 1 }], delivery: pickUp },
    })
    const foreign = response.json<Checkout>()
    for (const id of [foreign._id, '00000000-0000-4000-8000-000000000000']) {
      const placedResponse = await place({ checkout: id }, { user: shopper })
      expect(placedResponse.statusCode).toBe(404)
      errorBody(placedResponse)
    }
  })
})

// ---------------------------------------------------------------- anonymous buyers and idempotency

describe('anonymous buyers', () => {
  it('get a private link once; the order is readable with its key only', async () => {
    const order = await placed({ items: [{ product: scarf.id, count: 1 }], delivery: pickUp }, { email: 'anon@example.com' })
    expect(order.profile).toBeNull()
    expect(order.email).toBe('anon@example.com')
    expect(order.accessKey).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(order.privateUrl).toBe(`/orders/${order._id}?key=${order.accessKey}`)
    const row = await orderRow(order._id)
    expect(row.accessKeyHash).toMatch(/^[0-9a-f]{64}$/)
    expect(row.accessKeyHash).not.toContain(order.accessKey!)

    const withKey = await get(`/api/orders/${order._id}?key=${order.accessKey}`)
    expect(withKey.statusCode).toBe(200)
    expect(withKey.json()).toMatchObject({ _id: order._id, orderId: order.orderId, timeline: [{ status: 'placed' }] })
    expect(withKey.json().accessKey).toBeUndefined()

    expect((await get(`/api/orders/${order._id}`)).statusCode).toBe(401)
    expect((await get(`/api/orders/${order._id}?key=${'A'.repeat(43)}`)).statusCode).toBe(404)
    expect((await get(`/api/orders/${order._id}?key=short`)).statusCode).toBe(400)
    expect((await get(`/api/orders/${order._id}`, outsider)).statusCode).toBe(404)
    expect((await get(`/api/orders/${order._id}`, shopper)).statusCode).toBe(404)
    expect((await get(`/api/orders/${order._id}`, keeper)).statusCode).toBe(200)
  })

  it('may cancel with the key while the order is placed, and nobody else may', async () => {
    const order = await placed({ items: [{ product: scarf.id, count: 1 }], delivery: pickUp }, { email: 'anon@example.com' })
    expect((await patch(order._id, { status: 'canceled' })).statusCode).toBe(401)
    expect((await patch(order._id, { status: 'canceled' }, undefined, 'B'.repeat(43))).statusCode).toBe(404)
    expect((await patch(order._id, { status: 'packaged' }, undefined, order.accessKey)).statusCode).toBe(409)
    const response = await patch(order._id, { status: 'canceled', note: 'changed my mind' }, undefined, order.accessKey)
    expect(response.statusCode).toBe(200)
    expect(response.json().timeline).toMatchObject([{ status: 'placed' }, { status: 'canceled', note: 'changed my mind' }])
  })
})

describe('Idempotency-Key', () => {
  it('answers the first order (200, same body) to a repeat, and refuses another buyer\'s repeat', async () => {
    const body = { items: [{ product: scarf.id, count: 1 }], delivery: pickUp }
    const before = await stockOf(scarf.id)
    const first = await placed(body, { user: shopper, key: 'retry-me-1' })
    const again = await place(body, { user: shopper, key: 'retry-me-1' })
    expect(again.statusCode).toBe(200)
    expect(again.json()).toEqual(first)
    expect(await stockOf(scarf.id)).toBe(before - 1)
    const other = await place(body, { user: outsider, key: 'retry-me-1' })
    expect(other.statusCode).toBe(409)
    errorBody(other)
    // The key is per shop.
    const foreign = await addProduct({}, otherShop.id)
    await placed({ items: [{ product: foreign.id, count: 1 }], delivery: pickUp }, { user: shopper, key: 'retry-me-1', shopId: otherShop.id })
  })

  it('repeats an anonymous order without its access key', async () => {
    const body = { items: [{ product: scarf.id, count: 1 }], delivery: pickUp }
    const first = await placed(body, { email: 'anon2@example.com', key: 'anon-key-1' })
    const again = await place(body, { email: 'anon2@example.com', key: 'anon-key-1' })
    expect(again.statusCode).toBe(200)
    const { accessKey, privateUrl, ...rest } = first
    expect(accessKey).toBeDefined()
    expect(privateUrl).toBeDefined()
    expect(again.json()).toEqual(rest)
    expect((await place(body, { email: 'someone@example.com', key: 'anon-key-1' })).statusCode).toBe(409)
  })

  it('refuses the same key with a different request (422 naming the header), changing nothing', async () => {
    const body = { items: [{ product: scarf.id, count: 1 }], delivery: pickUp }
    const first = await placed(body, { user: shopper, key: 'one-cart-1' })
    const row = await orderRow(first._id)
    expect(row.idempotencyHash).toMatch(/^[0-9a-f]{64}$/)
    const stock = await stockOf(scarf.id)
    const placedBefore = await orderCount()
    for (const other of [
      { items: [{ product: scarf.id, count: 2 }], delivery: pickUp },
      { items: [{ product: sandals.id, count: 1 }], delivery: pickUp },
      { ...body, phone: '0200000000' },
    ]) {
      const response = await place(other, { user: shopper, key: 'one-cart-1' })
      expect(response.statusCode).toBe(422)
      expect(errorBody(response)).toMatchObject({
        name: 'Unprocessable',
        errors: [{ path: 'headers.idempotency-key', message: 'was already used with a different request' }],
      })
    }
    expect(await stockOf(scarf.id)).toBe(stock)
    expect(await orderCount()).toBe(placedBefore)
    expect(await orderRow(first._id)).toEqual(row)
    // The same request, with its fields in another order, is still the same request.
    const again = await place({ delivery: pickUp, items: [{ count: 1, product: scarf.id }] }, { user: shopper, key: 'one-cart-1' })
    expect(again.statusCode).toBe(200)
    expect(again.json()._id).toBe(first._id)
  })

  it('answers a replay of an order placed before request hashes were kept', async () => {
    const body = { items: [{ product: scarf.id, count: 1 }], delivery: pickUp }
    const first = await placed(body, { user: shopper, key: 'legacy-key-1' })
    await db.update(orders).set({ idempotencyHash: null }).where(eq(orders.id, first._id))
    const again = await place(body, { user: shopper, key: 'legacy-key-1' })
    expect(again.statusCode).toBe(200)
    expect(again.json()._id).toBe(first._id)
  })

  it('answers 400 to a malformed key', async () => {
    const body = { items: [{ product: scarf.id, count: 1 }], delivery: pickUp }
    for (const key of ['k'.repeat(101), 'has space']) {
      const response = await place(body, { user: shopper, key })
      expect(response.statusCode).toBe(400)
      errorBody(response)
    }
  })
})

// ---------------------------------------------------------------- reading

const listShop = await createStaffedShop(ctx)
const listed = await addProduct({ title: 'Listed' }, listShop.shop.id)
const buyer = await createUser(ctx)
const listBody = { items: [{ product: listed.id, count: 1 }], delivery: pickUp }
const a = await placed(listBody, { user: buyer, shopId: listShop.shop.id })
const b = await placed(listBody, { user: listShop.shopper, shopId: listShop.shop.id })
const c = await placed(listBody, { user: buyer, shopId: listShop.shop.id })
// A paid-up-front order that is not acked yet, and one moved to ready.
await db.update(orders).set({ acked: false, paymentProvider: 'test' }).where(eq(orders.id, b._id))
await db.update(orders).set({ status: 'ready' }).where(eq(orders.id, c._id))
await db.update(orders).set({ createdAt: new Date('2024-01-10T12:00:00Z') }).where(eq(orders.id, a._id))
const base = `/api/orders/?shop=${listShop.shop.id}`
const ids = (response: { json<T>(): T }) => response.json<Page<Order>>().data.map((o) => o._id)

describe('GET /api/orders/', () => {
  it('lists the shop\'s orders for every staff role, newest first, without timelines', async () => {
    for (const user of [listShop.owner, listShop.administrator, listShop.manager, listShop.keeper]) {
      const response = await get(`${base}&$sort[createdAt]=-1`, user)
      expect(response.statusCode).toBe(200)
      const page = response.json()
      expect(page).toMatchObject({ total: 3, limit: 20, skip: 0 })
      expect(ids(response)).toEqual([c._id, b._id, a._id])
      expect(page.data[0].timeline).toBeUndefined()
      expect(page.data[0].orderId).toBe(c.orderId)
    }
    const paged = await get(`${base}&$limit=1&$skip=1`, listShop.keeper)
    expect(paged.json()).toMatchObject({ total: 3, limit: 1, skip: 1 })
    expect(ids(paged)).toEqual([b._id])
  })

  it('filters by status ($or and $in), acked, orderId[$q] and createdAt in ms', async () => {
    const k = listShop.keeper
    expect(ids(await get(`${base}&$or[0][status]=placed&$or[1][status]=ready`, k)).sort()).toEqual([a._id, b._id, c._id].sort())
    expect(ids(await get(`${base}&$or[0][status]=ready`, k))).toEqual([c._id])
    expect(ids(await get(`${base}&status=ready`, k))).toEqual([c._id])
    expect(ids(await get(`${base}&status[$in][]=ready&status[$in][]=delivered`, k))).toEqual([c._id])
    expect(ids(await get(`${base}&acked=true`, k)).sort()).toEqual([a._id, c._id].sort())
    expect(ids(await get(`${base}&acked=false`, k))).toEqual([b._id])
    expect(ids(await get(`${base}&orderId[$q]=${b.orderId.slice(1, 5).toLowerCase()}`, k))).toContain(b._id)
    const from = Date.parse('2024-01-10T00:00:00Z')
    const to = Date.parse('2024-01-11T00:00:00Z')
    expect(ids(await get(`${base}&createdAt[$gte]=${from}&createdAt[$lte]=${to}`, k))).toEqual([a._id])
    expect(ids(await get(`${base}&createdAt[$gte]=${to}`, k))).toEqual([c._id, b._id])
  })

  it('shows shoppers only their own orders', async () => {
    const own = await get(`/api/orders/?profile=${buyer.id}&shop=${listShop.shop.id}`, buyer)
    expect(own.statusCode).toBe(200)
    expect(ids(own)).toEqual([c._id, a._id])
    const everywhere = await get(`/api/orders/?profile=${buyer.id}&$sort[createdAt]=-1`, buyer)
    expect(ids(everywhere)).toEqual([c._id, a._id])
    const notMine = await get(`/api/orders/?profile=${buyer.id}`, listShop.shopper)
    expect(notMine.statusCode).toBe(403)
    errorBody(notMine)
    const notMineInShop = await get(`/api/orders/?profile=${buyer.id}&shop=${listShop.shop.id}`, listShop.shopper)
    expect(notMineInShop.statusCode).toBe(404)
    // Staff may look at one buyer's orders in their own shop.
    expect(ids(await get(`/api/orders/?profile=${buyer.id}&shop=${listShop.shop.id}`, listShop.keeper))).toEqual([c._id, a._id])
  })

  it('answers 401 anonymous, 404 to non-staff and another shop\'s staff', async () => {
    expect((await get(base)).statusCode).toBe(401)
    expect((await get(`/api/orders/?profile=${buyer.id}`)).statusCode).toBe(401)
    for (const user of [buyer, listShop.outsider, owner]) {
      const response = await get(base, user)
      expect(response.statusCode).toBe(404)
      errorBody(response)
    }
  })

  it('answers 400 for unknown fields, operators, sorts and bad values', async () => {
    for (const query of [
      '',
      '&price=1',
      '&status[$regex]=x',
      '&$sort[email]=1',
      '&$sort[createdAt]=up',
      '&$limit=-1',
      '&acked=yes',
      '&createdAt[$gte]=yesterday',
      '&orderId[$q][$q]=x',
      '&$or=placed',
      '&profile=x',
    ]) {
      const url = query === '' ? '/api/orders/' : `${base}${query}`
      const response = await get(url, listShop.keeper)
      expect(response.statusCode, url).toBe(400)
      errorBody(response)
    }
    expect((await get('/api/orders/?shop=nope', listShop.keeper)).statusCode).toBe(400)
  })
})

describe('GET /api/orders/{id}', () => {
  it('answers staff of the shop and the buyer, with the timeline; 404 to others; 400 for a malformed id', async () => {
    const order = await placed({ items: [{ product: scarf.id, count: 1 }], delivery: pickUp }, { user: shopper })
    const own = await get(`/api/orders/${order._id}`, shopper)
    expect(own.statusCode).toBe(200)
    expect(own.json()).toEqual(order)
    for (const user of [keeper, owner]) {
      const response = await get(`/api/orders/${order._id}`, user)
      expect(response.statusCode).toBe(200)
      // The name on the buyer's account, since they gave none at checkout; the pay link for staff only.
      expect(response.json()).toEqual({ ...order, customerName: 'Test User', payLink: expect.stringMatching(new RegExp(`/pay/${order._id}\\?key=[0-9a-f]{32}$`)) })
    }
    for (const user of [outsider, await createUser(ctx)]) {
      const response = await get(`/api/orders/${order._id}`, user)
      expect(response.statusCode).toBe(404)
      errorBody(response)
    }
    expect((await get(`/api/orders/${order._id}`)).statusCode).toBe(401)
    expect((await get('/api/orders/00000000-0000-4000-8000-000000000000', keeper)).statusCode).toBe(404)
    expect((await get('/api/orders/1234', keeper)).statusCode).toBe(400)
    expect((await get(`/api/orders/${order._id}?foo=1`, keeper)).statusCode).toBe(400)
  })

  it('names the buyer as given at checkout, else as on their account, else not at all', async () => {
    const guest = await placed({ items: [{ product: scarf.id, count: 1 }], delivery: pickUp }, { email: 'guest@example.com' })
    expect((await get(`/api/orders/${guest._id}`, keeper)).json().customerName).toBe('')
    const nameless = await createUser(ctx, { name: '' })
    const order = await placed({ items: [{ product: scarf.id, count: 1 }], delivery: pickUp }, { user: nameless })
    expect((await get(`/api/orders/${order._id}`, keeper)).json().customerName).toBe('')
    const named = await placed({ items: [{ product: scarf.id, count: 1 }], delivery: pickUp, name: 'Kofi Boateng' }, { user: nameless })
    const list = await get(`/api/orders/?shop=${shop.id}&orderId[$q]=${named.orderId}`, keeper)
    expect(list.json().data[0].customerName).toBe('Kofi Boateng')
  })
})

// ---------------------------------------------------------------- the status machine

describe('PATCH /api/orders/{id}', () => {
  async function newOrder(delivery: unknown = dispatch(), user: TestUser = shopper, count = 2) {
    return placed({ items: [{ product: shirt.id, variant: 'small', count }], delivery }, { user })
  }

  it('lets staff move a dispatch order one step at a time to delivered, with timeline and notifications', async () => {
    const order = await newOrder()
    let last: Order = order
    for (const [status, user] of [['packaged', keeper], ['ready', manager], ['dispatched', administrator], ['delivered', owner]] as const) {
      // Nothing was paid: delivered only with the staff's word that it goes unpaid (decision 57).
      const response = await patch(order._id, { status, note: `now ${status}`, ...(status === 'delivered' ? { deliveredUnpaid: true } : {}) }, user)
      expect(response.statusCode, response.body).toBe(200)
      last = response.json()
      expect(last.status).toBe(status)
    }
    expect(last.timeline!.filter((e) => e.type === 'status').map((e) => e.status)).toEqual(['placed', 'packaged', 'ready', 'dispatched', 'delivered'])
    expect(last.timeline![1]!.note).toBe('now packaged')
    expect(Date.parse(last.updatedAt)).toBeGreaterThan(Date.parse(order.updatedAt))
    const notes = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, shopper.id), eq(notifications.type, 'order-status')))
    const titles = notes.filter((n) => n.link.includes(order._id)).map((n) => n.title)
    expect(titles.sort()).toEqual(
      ['Packaged', 'Ready', 'Dispatched', 'Delivered'].map((label) => `Order ${order.orderId} is ${label.toLowerCase()}`).sort(),
    )
    expect((await patch(order._id, { status: 'canceled' }, owner)).statusCode).toBe(409)
  })

  it('skips dispatched for pick-up orders', async () => {
    const order = await newOrder(pickUp)
    await patch(order._id, { status: 'packaged' }, keeper)
    await patch(order._id, { status: 'ready' }, keeper)
    const dispatched = await patch(order._id, { status: 'dispatched' }, keeper)
    expect(dispatched.statusCode).toBe(409)
    expect((await orderRow(order._id)).status).toBe('ready')
    const delivered = await patch(order._id, { status: 'delivered', deliveredUnpaid: true }, keeper)
    expect(delivered.statusCode).toBe(200)
    expect(delivered.json().status).toBe('delivered')
  })

  it('answers 409 to skipping a step or going back, and leaves the order unchanged', async () => {
    const order = await newOrder()
    for (const status of ['ready', 'delivered', 'dispatched', 'placed']) {
      const response = await patch(order._id, { status }, owner)
      expect(response.statusCode, status).toBe(409)
      expect(errorBody(response).errors?.[0]?.path).toBe('status')
    }
    const row = await orderRow(order._id)
    expect(row.status).toBe('placed')
    expect(row.updatedAt.toISOString()).toBe(order.updatedAt)
    expect(await db.select().from(orderEvents).where(eq(orderEvents.orderId, order._id))).toHaveLength(1)
  })

  it('lets the buyer cancel only while placed; cancel restocks and refreshes inStock; the code use is kept', async () => {
    const pot = await addProduct({ title: 'Clay pot', priceMinor: 1_000 })
    await setStock(pot.id, 2)
    const code = await addCode({ code: 'POTS5', type: 'fixed', value: 500 })
    const order = await placed({ items: [{ product: pot.id, count: 2 }], delivery: pickUp, discount: { code: 'POTS5' } }, { user: shopper })
    expect(await stockOf(pot.id)).toBe(0)
    expect((await productRow(pot.id)).inStock).toBe(false)
    expect((await patch(order._id, { status: 'packaged' }, shopper)).statusCode).toBe(409)
    const canceled = await patch(order._id, { status: 'canceled' }, shopper)
    expect(canceled.statusCode).toBe(200)
    expect(canceled.json().status).toBe('canceled')
    expect(await stockOf(pot.id)).toBe(2)
    expect((await productRow(pot.id)).inStock).toBe(true)
    expect((await codeRow(code.id)).usedCount).toBe(1)
    const staffNotes = await db.select().from(notifications).where(eq(notifications.type, 'order-canceled'))
    expect(staffNotes.filter((n) => n.link.includes(order._id)).map((n) => n.userId).sort()).toEqual(staff.map((u) => u.id).sort())
    expect((await patch(order._id, { status: 'canceled' }, shopper)).statusCode).toBe(409)
    expect(await stockOf(pot.id)).toBe(2)

    const packaged = await newOrder(pickUp)
    await patch(packaged._id, { status: 'packaged' }, keeper)
    const late = await patch(packaged._id, { status: 'canceled' }, shopper)
    expect(late.statusCode).toBe(409)
    expect((await orderRow(packaged._id)).status).toBe('packaged')
  })

  it('lets staff cancel from packaged or ready and restocks only what was taken', async () => {
    const small = await stockOf(shirt.id, 'small')
    const order = await newOrder(pickUp, shopper, 3)
    expect(await stockOf(shirt.id, 'small')).toBe(small - 3)
    await patch(order._id, { status: 'packaged' }, keeper)
    await patch(order._id, { status: 'ready' }, keeper)
    const response = await patch(order._id, { status: 'canceled', note: 'out of fabric' }, keeper)
    expect(response.statusCode).toBe(200)
    expect(await stockOf(shirt.id, 'small')).toBe(small)

    // An untracked line took nothing, so canceling gives nothing back even if tracking starts later.
    const print = await addProduct({ title: 'Print' })
    await setStock(print.id, 0, '', false)
    const untracked = await placed({ items: [{ product: print.id, count: 4 }], delivery: pickUp }, { user: shopper })
    await db.update(inventory).set({ tracked: true, quantity: 1 }).where(eq(inventory.productId, print.id))
    expect((await patch(untracked._id, { status: 'canceled' }, keeper)).statusCode).toBe(200)
    expect(await stockOf(print.id)).toBe(1)
  })

  it('answers 404 to another shop\'s staff and to strangers, 401 anonymous, and leaves the order unchanged', async () => {
    const order = await newOrder()
    for (const user of [outsider, await createUser(ctx)]) {
      const response = await patch(order._id, { status: 'packaged' }, user)
      expect(response.statusCode).toBe(404)
      errorBody(response)
    }
    expect((await patch(order._id, { status: 'canceled' })).statusCode).toBe(401)
    expect((await orderRow(order._id)).status).toBe('placed')
  })

  it('answers 400 for bad bodies and ids', async () => {
    const order = await newOrder()
    for (const body of [{}, { status: 'lost' }, { status: 'packaged', extra: 1 }, { status: 'packaged', note: 'n'.repeat(501) }, { status: 1 }]) {
      const response = await patch(order._id, body, keeper)
      expect(response.statusCode, JSON.stringify(body)).toBe(400)
      errorBody(response)
    }
    expect((await patch('not-an-id', { status: 'packaged' }, keeper)).statusCode).toBe(400)
    const malformed = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/orders/${order._id}`,
      headers: { ...keeper.headers, 'content-type': 'application/json' },
      payload: '{status',
    })
    expect(malformed.statusCode).toBe(400)
    const huge = await patch(order._id, { status: 'canceled', note: 'x'.repeat(200_000) }, keeper)
    expect(huge.statusCode).toBe(413)
    errorBody(huge)
    expect((await orderRow(order._id)).status).toBe('placed')
  })
})
