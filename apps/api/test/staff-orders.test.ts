/**
 * Staff entering orders a buyer sent by WhatsApp, a phone call or at the counter (decision 61), through
 * POST /api/orders/ with `source`: the order is the buyer's (no profile, their contact, a private link),
 * stock taken as for any order and never oversold, a manual discount for managers and up, a note on the
 * timeline, shoppers refused a source, the list filtered by source and the CSV's Source column.
 */
import type { Order } from '@shop/domain/schemas/orders'
import type { Page } from '@shop/domain/schemas/wire'
import { and, eq } from 'drizzle-orm'
import { formatMoney } from '@shop/domain'
import { describe, expect, it } from 'vitest'
import { inventory, orderEvents, shopConfigs } from '../src/db/schema'
import { commerceFixtures } from './commerce-fixtures'
import { type TestUser, createStaffedShop, errorBody, setupApp } from './helpers'
import { parse } from 'csv-parse/sync'

const ctx = await setupApp()
const db = ctx.database.db
const { shop, otherShop, owner, manager, keeper, shopper, outsider } = await createStaffedShop(ctx)
const { addProduct, addRate, addCode } = commerceFixtures(ctx, shop.id)
// Shoppers may put at most 2 of a line in an order; staff entering one are held to none of that.
await db.update(shopConfigs).set({ shopperLineMax: 2 }).where(eq(shopConfigs.shopId, shop.id))

const scarf = await addProduct({ title: 'Kente scarf', priceMinor: 10_000 })
const shirt = await addProduct({
  title: 'Batik shirt',
  priceMinor: 5_000,
  variants: [
    { _id: 'm', features: { size: 'M' } },
    { _id: 'l', features: { size: 'L' } },
  ],
})
const rare = await addProduct({ title: 'Rare beads', priceMinor: 2_000 })
const riders = await addRate({ name: 'Accra riders', rateMinor: 2_500, paymentOption: 'on-delivery' })
await addCode({ code: 'TENOFF', type: 'fixed', value: 1_000 })
await db.insert(inventory).values([
  { shopId: shop.id, productId: scarf.id, variantId: '', quantity: 100, tracked: true },
  { shopId: shop.id, productId: shirt.id, variantId: 'm', quantity: 50, tracked: true },
  { shopId: shop.id, productId: shirt.id, variantId: 'l', quantity: 50, tracked: true },
  { shopId: shop.id, productId: rare.id, variantId: '', quantity: 3, tracked: true },
])

// Deliberately loose: the tests also send bodies the route's schema refuses.
type Body = Record<string, unknown>
const item = (product: { id: string }, count: number, variant?: string) => ({ product: product.id, count, ...(variant ? { variant } : {}) })

function post(body: Body, user: TestUser | null = keeper, query = '') {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/orders/?shop=${shop.id}${query}`,
    ...(user ? { headers: user.headers } : {}),
    payload: body,
  })
}

async function enter(body: Body, user: TestUser = keeper, query = ''): Promise<Order> {
  const response = await post({ source: 'whatsapp', name: 'Akosua Mensah', phone: '024 412 3456', ...body }, user, query)
  expect(response.statusCode, response.body).toBe(201)
  return response.json()
}

async function stock(product: { id: string }, variant = ''): Promise<number> {
  const [row] = await db
    .select({ quantity: inventory.quantity })
    .from(inventory)
    .where(and(eq(inventory.productId, product.id), eq(inventory.variantId, variant)))
  return row!.quantity
}

async function list(query: string, user: TestUser = keeper) {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/orders/?shop=${shop.id}&${query}`, headers: user.headers })
  return response
}

describe('POST /api/orders/ with a source (staff)', () => {
  it('places the buyer’s order, not the staff member’s: their name and phone, no e-mail, a private link', async () => {
    const before = await stock(shirt, 'm')
    const order = await enter({ items: [item(shirt, 5, 'm')], delivery: { type: 'pick-up' } })
    expect(order).toMatchObject({
      source: 'whatsapp',
      profile: null,
      email: '',
      customerName: 'Akosua Mensah',
      phone: '+233244123456',
      status: 'placed',
      payment: { provider: 'manual' },
      acked: true,
      // Staff confirmed it by entering it: no window to be canceled in.
      confirmBy: null,
      balance: 250,
    })
    // Five of a line: shoppers' most per line (2) is not for staff.
    expect(await stock(shirt, 'm')).toBe(before - 5)
    // The private link opens it for whoever holds it, with no login: the buyer it is sent to.
    expect(order.accessKey).toMatch(/^[A-Za-z0-9_-]{20,}$/)
    expect(order.privateUrl).toBe(`/orders/${order._id}?key=${order.accessKey}`)
    const opened = await ctx.app.inject({ method: 'GET', url: `/api/orders/${order._id}?key=${order.accessKey}` })
    expect(opened.statusCode, opened.body).toBe(200)
    expect(opened.json()).toMatchObject({ orderId: order.orderId, source: 'whatsapp' })
    // Not the keeper's own order: their order list does not show it.
    const own = await ctx.app.inject({ method: 'GET', url: `/api/orders/?profile=${keeper.id}`, headers: keeper.headers })
    expect(own.json<Page<Order>>().data.map((o) => o._id)).not.toContain(order._id)
  })

  it('takes the buyer’s e-mail from ?email=, and delivers with the rate and its address', async () => {
    const order = await enter(
      { source: 'phone', items: [item(scarf, 1)], delivery: { type: 'dispatch', region: 'GH-AA', rate: riders.id, address: 'House 4, Osu' } },
      keeper,
      `&email=${encodeURIComponent('akosua@example.com')}`,
    )
    expect(order).toMatchObject({ source: 'phone', email: 'akosua@example.com', profile: null, balance: 125 })
  })

  it('takes stock as any order does and never oversells (409 naming the line, nothing placed)', async () => {
    const left = await stock(rare)
    const refused = await post({ source: 'walk-in', items: [item(scarf, 1), item(rare, left + 1)], delivery: { type: 'pick-up' } })
    expect(refused.statusCode, refused.body).toBe(409)
    expect(errorBody(refused).errors?.map((e) => e.path)).toEqual(['items.1'])
    expect(await stock(rare)).toBe(left)
    const walkIns = await list('source=walk-in')
    expect(walkIns.json()).toMatchObject({ total: 0 })

    // Two staff selling the last units at once: one order gets them.
    const both = await Promise.all([
      post({ source: 'walk-in', items: [item(rare, left)], delivery: { type: 'pick-up' } }),
      post({ source: 'walk-in', items: [item(rare, left)], delivery: { type: 'pick-up' } }, manager),
    ])
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409])
    expect(await stock(rare)).toBe(0)
  })

  it('refuses a source from a shopper (403) and from someone not logged in (401), placing nothing', async () => {
    const body = { source: 'whatsapp', items: [item(scarf, 1)], delivery: { type: 'pick-up' }, phone: '0244123456' }
    const before = await stock(scarf)
    const asShopper = await post(body, shopper)
    expect(asShopper.statusCode).toBe(403)
    expect(errorBody(asShopper).message).toMatch(/^Only keepers, managers, administrators and owners may enter orders for buyers\./)
    expect((await post(body, null)).statusCode).toBe(401)
    // Staff of another shop are no staff here.
    expect((await post(body, outsider)).statusCode).toBe(403)
    expect(await stock(scarf)).toBe(before)
    // A storefront order is every shopper's own, as before.
    expect((await post({ ...body, source: 'storefront' }, shopper)).statusCode).toBe(201)
  })

  it('gives a manual discount for managers and up, refuses it to a keeper (403), and bounds it by the items', async () => {
    const body = { items: [item(scarf, 2)], delivery: { type: 'pick-up' }, discount: { code: 'TENOFF' }, adjustment: { amount: 15.5, reason: 'Regular customer' } }
    const before = await stock(scarf)
    const byKeeper = await post({ source: 'whatsapp', ...body }, keeper)
    expect(byKeeper.statusCode).toBe(403)
    expect(errorBody(byKeeper).message).toMatch(/^Only managers, administrators and owners may give an order a manual discount\./)
    expect(await stock(scarf)).toBe(before)

    const order = await enter(body, manager)
    expect(order.adjustment).toEqual({ value: 15.5, currency: 'GHS', reason: 'Regular customer' })
    // 200 − 10 (the code) − 15.50 (by hand).
    expect(order.totals).toMatchObject({ subtotal: 200, discount: 10, total: 174.5, totalInclTax: 174.5 })
    expect(order.balance).toBe(174.5)
    expect(order.timeline?.at(-1)).toMatchObject({ type: 'note', note: `Manual discount ${formatMoney(15.5, 'GHS')}: Regular customer.` })

    // Never more than the items after the code: 400 naming the amount, nothing placed (the code's use neither).
    const tooMuch = await post({ source: 'whatsapp', ...body, adjustment: { amount: 190.01, reason: 'Too kind' } }, owner)
    expect(tooMuch.statusCode).toBe(400)
    expect(errorBody(tooMuch).errors).toEqual([
      { path: 'adjustment.amount', message: `is more than the items come to after the code's discount (${formatMoney(190, 'GHS')})` },
    ])
    const cents = await post({ source: 'whatsapp', ...body, adjustment: { amount: 1.005, reason: 'Odd' } }, owner)
    expect(errorBody(cents).errors).toEqual([{ path: 'adjustment.amount', message: 'must have at most two decimals' }])
    expect(await stock(scarf)).toBe(before - 2)
  })

  it('keeps the staff member’s note on the timeline after the placing', async () => {
    const order = await enter({ items: [item(scarf, 1)], delivery: { type: 'pick-up' }, note: '  Wants it gift-wrapped, collects Saturday  ' })
    expect(order.timeline?.map((entry) => [entry.type, entry.note])).toEqual([
      ['status', ''],
      ['note', 'Wants it gift-wrapped, collects Saturday'],
    ])
    const events = await db.select().from(orderEvents).where(eq(orderEvents.orderId, order._id))
    expect(events.map((event) => event.actorId)).toEqual([keeper.id, keeper.id])
  })

  it('refuses the staff fields on a storefront order, and any payment but manual on an entered one (400)', async () => {
    const base = { items: [item(scarf, 1)], delivery: { type: 'pick-up' } }
    const noteOnly = await post({ ...base, note: 'hello' }, shopper)
    expect(errorBody(noteOnly).errors).toEqual([{ path: 'note', message: 'is only for orders staff enter (send source)' }])
    const online = await post({ ...base, source: 'instagram', payment: { provider: 'test' } })
    expect(online.statusCode).toBe(400)
    expect(errorBody(online).errors?.[0]?.path).toBe('payment.provider')
    const unknown = await post({ ...base, source: 'telegram' })
    expect(unknown.statusCode).toBe(400)
  })

  it('replays an entered order for the same Idempotency-Key instead of placing it twice', async () => {
    const body = { source: 'facebook', name: 'Yaw', phone: '0201234567', items: [item(scarf, 1)], delivery: { type: 'pick-up' } }
    const headers = { ...keeper.headers, 'idempotency-key': 'fb-chat-42' }
    const first = await ctx.app.inject({ method: 'POST', url: `/api/orders/?shop=${shop.id}`, headers, payload: body })
    const again = await ctx.app.inject({ method: 'POST', url: `/api/orders/?shop=${shop.id}`, headers, payload: body })
    expect(first.statusCode, first.body).toBe(201)
    expect(again.statusCode, again.body).toBe(200)
    expect(again.json()._id).toBe(first.json()._id)
  })
})

describe('source in the list and the CSV', () => {
  it('answers source on every order, storefront for a shopper’s, and filters the list by it', async () => {
    const whatsapp = await list('source=whatsapp')
    expect(whatsapp.statusCode, whatsapp.body).toBe(200)
    const found = whatsapp.json<Page<Order>>()
    expect(found.total).toBeGreaterThan(0)
    expect(found.data.every((order) => order.source === 'whatsapp')).toBe(true)

    const entered = (await list('source[$ne]=storefront&$limit=100')).json<Page<Order>>()
    expect(new Set(entered.data.map((order) => order.source))).toEqual(new Set(['whatsapp', 'phone', 'walk-in', 'facebook']))
    const storefront = (await list('source=storefront')).json<Page<Order>>()
    expect(storefront.data.length).toBeGreaterThan(0)
    expect(storefront.data.every((order) => order.source === 'storefront' && order.profile === shopper.id)).toBe(true)

    const bad = await list('source=telegram')
    expect(bad.statusCode).toBe(400)
    expect(errorBody(bad).errors?.[0]?.path).toMatch(/^source/)
    // Another shop's staff see none of it.
    expect((await ctx.app.inject({ method: 'GET', url: `/api/orders/?shop=${shop.id}&source=whatsapp`, headers: outsider.headers })).statusCode).toBe(404)
    const theirs = await ctx.app.inject({ method: 'GET', url: `/api/orders/?shop=${otherShop.id}&source=whatsapp`, headers: outsider.headers })
    expect(theirs.json()).toMatchObject({ total: 0 })
  })

  it('names the source in the CSV’s Source column, in the dashboard’s words', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/orders.csv?shop=${shop.id}&source[$in][]=phone&source[$in][]=storefront`, headers: keeper.headers })
    expect(response.statusCode, response.body).toBe(200)
    const rows = parse<Record<string, string>>(response.body, { columns: true })
    expect(new Set(rows.map((row) => row.Source))).toEqual(new Set(['Phone call', 'Online shop']))
  })
})
