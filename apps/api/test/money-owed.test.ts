/**
 * An order's money from its one ledger (decision 57), and money owed never lost: what orders answer (paid,
 * refunded, balance, refund due, payment state, tax in or not), a move to delivered with a balance due
 * refused unless staff confirm it goes delivered unpaid, bulk moves skipping such orders, the unpaid filter
 * and the Overview's count, staff told when a buyer cancels, and one way of writing money everywhere.
 */
import type { Order, OrderMoves } from '@shop/domain/schemas/orders'
import type { Page } from '@shop/domain/schemas/wire'
import { and, asc, eq } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { notifications, orderEvents, orders, refunds, shopConfigs } from '../src/db/schema'
import { commerceFixtures } from './commerce-fixtures'
import { type TestUser, createStaffedShop, createUser, errorBody, setupApp } from './helpers'
import { startSmtpPeer } from './smtp-peer'

const peer = await startSmtpPeer()
afterAll(() => peer.close())
const ctx = await setupApp({ smtpUrl: peer.url, mailFrom: 'orders@mail.test' })
const db = ctx.database.db
const { shop, otherShop, owner, administrator, manager, keeper, shopper, outsider } = await createStaffedShop(ctx)
const { addProduct, addRate } = commerceFixtures(ctx, shop.id)
// 10 % tax, so "tax in" and "tax out" differ.
await db.update(shopConfigs).set({ taxRateBps: 1_000 }).where(eq(shopConfigs.shopId, shop.id))

const scarf = await addProduct({ title: 'Kente scarf', priceMinor: 10_000 })
const rider = await addRate({ name: 'Rider', regions: ['GH-AA'], rateMinor: 1_500, paymentOption: 'on-delivery' })

const plain = (text: string) => text.replace(/\u00a0/g, ' ')
const get = (url: string, user?: TestUser) => ctx.app.inject({ method: 'GET', url, headers: user?.headers })

async function place(body: Record<string, unknown> = {}, options: { user?: TestUser; count?: number } = {}): Promise<Order> {
  const params = new URLSearchParams({ shop: shop.id })
  if (!options.user) params.set('email', 'buyer@example.com')
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/orders/?${params}`,
    headers: options.user?.headers,
    payload: { items: [{ product: scarf.id, count: options.count ?? 1 }], delivery: { type: 'pick-up' }, ...body },
  })
  expect(response.statusCode, response.body).toBe(201)
  return response.json()
}

const patch = (id: string, payload: Record<string, unknown>, user?: TestUser, key?: string) =>
  ctx.app.inject({ method: 'PATCH', url: `/api/orders/${id}${key ? `?key=${key}` : ''}`, headers: user?.headers, payload })
const pay = async (order: string, amount: number) => {
  const response = await ctx.app.inject({ method: 'POST', url: '/api/transactions/', headers: keeper.headers, payload: { order, amount, method: 'cash' } })
  expect(response.statusCode, response.body).toBe(201)
}
const orderOf = async (id: string, user: TestUser = keeper): Promise<Order> => {
  const response = await get(`/api/orders/${id}`, user)
  expect(response.statusCode, response.body).toBe(200)
  return response.json()
}
/** Moves a placed pick-up order to ready, one step at a time (staff). */
async function toReady(id: string) {
  for (const status of ['packaged', 'ready']) expect((await patch(id, { status }, keeper)).statusCode).toBe(200)
}
const eventsOf = (id: string) => db.select().from(orderEvents).where(eq(orderEvents.orderId, id)).orderBy(asc(orderEvents.createdAt), asc(orderEvents.id))

describe('what an order answers about its money', () => {
  it('says whether tax is in, and paid, refunded, balance and refund due from one ledger', async () => {
    // GHS 100 + 15 to the rider, 10 % tax on the items: owes 125, collects 110 up front online.
    const order = await place({ delivery: { type: 'dispatch', region: 'GH-AA', rate: rider.id, address: 'Osu' }, phone: '0241112222' })
    expect(order.totals).toEqual({ subtotal: 100, tax: 10, delivery: 15, discount: 0, total: 115, totalInclTax: 125 })
    expect(order).toMatchObject({ amountDue: 110, paid: 0, balance: 125, paymentState: 'unpaid', adjustment: null })
    expect(order.refunded).toEqual({ value: 0, currency: 'GHS' })
    expect(order.refundDue).toEqual({ value: 0, currency: 'GHS' })

    await pay(order._id, 100)
    expect(await orderOf(order._id)).toMatchObject({ paid: 100, balance: 25, paymentState: 'part-paid' })
    await pay(order._id, 25)
    expect(await orderOf(order._id)).toMatchObject({ paid: 125, balance: 0, paymentState: 'paid' })

    // A refund under way already counts as refunded; it gives back, it never makes the order owe again.
    await db.insert(refunds).values({ shopId: shop.id, orderId: order._id, amountMinor: 3_050, currency: 'GHS', method: 'cash', reason: 'Late', status: 'pending' })
    const refunded = await orderOf(order._id)
    expect(refunded).toMatchObject({ paid: 125, refunded: { value: 30.5, currency: 'GHS' }, balance: 0, paymentState: 'paid' })
    const listed = (await get(`/api/orders/?shop=${shop.id}&orderId[$q]=${order.orderId}`, keeper)).json().data as Order[]
    expect(listed).toHaveLength(1)
    expect(listed[0]).toMatchObject({ paid: 125, refunded: { value: 30.5 }, balance: 0, paymentState: 'paid' })

    // Canceled: everything held is to give back; a failed refund gives nothing back.
    await db.insert(refunds).values({ shopId: shop.id, orderId: order._id, amountMinor: 9_999, currency: 'GHS', method: 'paystack', reason: 'x', status: 'failed' })
    expect((await patch(order._id, { status: 'canceled' }, keeper)).statusCode).toBe(200)
    const canceled = await orderOf(order._id)
    expect(canceled).toMatchObject({ balance: 0, refundDue: { value: 94.5, currency: 'GHS' }, paymentState: 'refund-due' })
  })

  it('shows a manual discount with its reason, and takes it off what is owed', async () => {
    const order = await place()
    await db.update(orders).set({ adjustmentMinor: 500, adjustmentReason: 'Loyal buyer', totalMinor: 9_500 }).where(eq(orders.id, order._id))
    const adjusted = await orderOf(order._id)
    expect(adjusted.adjustment).toEqual({ value: 5, currency: 'GHS', reason: 'Loyal buyer' })
    expect(adjusted.totals).toMatchObject({ subtotal: 100, tax: 10, discount: 0, total: 95, totalInclTax: 105 })
    expect(adjusted.balance).toBe(105)
  })

  it('writes money one way in what people read: the payment-received e-mail, the timeline, the errors', async () => {
    // 3 × GHS 411.50 = 1,234.50 with the tax off for this order's shop terms.
    await db.update(shopConfigs).set({ taxRateBps: 0 }).where(eq(shopConfigs.shopId, shop.id))
    const dear = await addProduct({ title: 'Wedding kente', priceMinor: 41_150 })
    const order = await place({ items: [{ product: dear.id, count: 3 }] })
    await db.update(shopConfigs).set({ taxRateBps: 1_000 }).where(eq(shopConfigs.shopId, shop.id))
    const over = await ctx.app.inject({ method: 'POST', url: '/api/transactions/', headers: keeper.headers, payload: { order: order._id, amount: 2000, method: 'cash' } })
    expect(over.statusCode).toBe(409)
    expect(plain(errorBody(over).message)).toBe(`The balance due on order ${order.orderId} is GHS 1,234.50`)
    await pay(order._id, 1234.5)
    expect(plain((await eventsOf(order._id)).at(-1)!.note)).toBe('Payment of GHS 1,234.50 received in cash. Paid in full')
    await ctx.app.outbox.drain()
    const mail = peer.received.find((m) => m.envelopeTo.includes('buyer@example.com') && m.subject.startsWith('Payment received for order ' + order.orderId))
    expect(mail).toBeDefined()
    const text = plain(mail!.text)
    expect(text).toContain('GHS 1,234.50 received.')
    expect(text).toContain('Paid in full.')
    expect(text).not.toMatch(/GHS \d{4}/)
  })
})

describe('moving an order with a balance due to delivered', () => {
  it('is a 409 saying what is due, and changes nothing', async () => {
    const order = await place()
    await toReady(order._id)
    await pay(order._id, 55)
    const before = await eventsOf(order._id)
    const refused = await patch(order._id, { status: 'delivered' }, keeper)
    expect(refused.statusCode).toBe(409)
    const error = errorBody(refused)
    expect(plain(error.message)).toBe(`GHS 55.00 is still due on order ${order.orderId}. Record the payment first, or mark it delivered unpaid.`)
    expect(error.errors?.map((e) => ({ ...e, message: plain(e.message) }))).toEqual([{ path: 'deliveredUnpaid', message: 'GHS 55.00 is still due' }])
    expect((await orderOf(order._id)).status).toBe('ready')
    expect(await eventsOf(order._id)).toHaveLength(before.length)
    // false says nothing more than leaving it out.
    expect((await patch(order._id, { status: 'delivered', deliveredUnpaid: false }, keeper)).statusCode).toBe(409)
  })

  it('goes through once staff confirm it goes delivered unpaid, noted on the timeline with their name', async () => {
    const order = await place()
    await toReady(order._id)
    await pay(order._id, 55)
    const moved = await patch(order._id, { status: 'delivered', deliveredUnpaid: true, note: 'Will pay Friday' }, keeper)
    expect(moved.statusCode, moved.body).toBe(200)
    const now = moved.json<Order>()
    expect(now).toMatchObject({ status: 'delivered', balance: 55, paymentState: 'part-paid' })
    const [, ...last] = now.timeline!.slice(-2)
    expect(now.timeline!.at(-2)).toMatchObject({ type: 'status', status: 'delivered', note: 'Will pay Friday' })
    expect(last.map((e) => ({ ...e, note: plain(e.note) }))).toEqual([
      expect.objectContaining({ type: 'note', status: 'delivered', note: `Delivered with GHS 55.00 unpaid — confirmed by Test User` }),
    ])
  })

  it('goes through without a word when nothing is due, and the confirmation changes nothing then', async () => {
    const paid = await place()
    await toReady(paid._id)
    await pay(paid._id, 110)
    expect((await patch(paid._id, { status: 'delivered' }, keeper)).statusCode).toBe(200)
    const confirmed = await place()
    await toReady(confirmed._id)
    await pay(confirmed._id, 110)
    const moved = await patch(confirmed._id, { status: 'delivered', deliveredUnpaid: true }, keeper)
    expect(moved.statusCode).toBe(200)
    expect((moved.json<Order>()).timeline!.filter((e) => e.note.startsWith('Delivered with'))).toEqual([])
  })

  it('keeps the roles as they were: any staff who move orders may confirm; buyers, strangers and bad bodies may not', async () => {
    const order = await place({}, { user: shopper })
    await toReady(order._id)
    // The buyer cannot deliver, confirmation or not; another shop's staff do not see the order.
    expect((await patch(order._id, { status: 'delivered', deliveredUnpaid: true }, shopper)).statusCode).toBe(409)
    expect((await patch(order._id, { status: 'delivered', deliveredUnpaid: true }, outsider)).statusCode).toBe(404)
    expect((await patch(order._id, { status: 'delivered', deliveredUnpaid: true })).statusCode).toBe(401)
    const bad = await patch(order._id, { status: 'delivered', deliveredUnpaid: 'yes' }, keeper)
    expect(bad.statusCode).toBe(400)
    expect(errorBody(bad).errors?.[0]?.path).toBe('deliveredUnpaid')
    expect((await orderOf(order._id)).status).toBe('ready')
    for (const [user, label] of [[manager, 'manager'], [administrator, 'administrator'], [owner, 'owner']] as const) {
      const other = await place()
      await toReady(other._id)
      expect((await patch(other._id, { status: 'delivered' }, user)).statusCode, label).toBe(409)
      expect((await patch(other._id, { status: 'delivered', deliveredUnpaid: true }, user)).statusCode, label).toBe(200)
    }
  })
})

describe('bulk moves, the unpaid filter and the Overview', () => {
  it('skip the orders with a balance due when the next step is delivered, and say why', async () => {
    const owing = await place()
    const paid = await place()
    const early = await place()
    for (const order of [owing, paid]) await toReady(order._id)
    await pay(paid._id, 110)
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/order-moves/',
      headers: keeper.headers,
      payload: { shop: shop.id, orders: [owing._id, paid._id, early._id] },
    })
    expect(response.statusCode, response.body).toBe(200)
    const data = response.json<OrderMoves>().data
    expect(data.map((row) => ({ ...row, message: plain(row.message) }))).toEqual([
      expect.objectContaining({
        _id: owing._id,
        moved: false,
        status: 'ready',
        balanceDue: true,
        message: 'Skipped: GHS 110.00 is still due. Record the payment, or mark it delivered unpaid on the order',
      }),
      expect.objectContaining({ _id: paid._id, moved: true, status: 'delivered' }),
      // Owing, but its next step is not delivered: it moves.
      expect.objectContaining({ _id: early._id, moved: true, status: 'packaged' }),
    ])
    expect((await orderOf(owing._id)).status).toBe('ready')
  })

  it('list the orders with a balance due (delivered unpaid included, canceled not), and count them on the Overview', async () => {
    const todoShop = await createStaffedShop(ctx)
    const { addProduct: addTo } = commerceFixtures(ctx, todoShop.shop.id)
    const cloth = await addTo({ title: 'Cloth', priceMinor: 2_000 })
    const placeIn = async () => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: `/api/orders/?shop=${todoShop.shop.id}&email=b@example.com`,
        payload: { items: [{ product: cloth.id, count: 1 }], delivery: { type: 'pick-up' } },
      })
      expect(response.statusCode, response.body).toBe(201)
      return response.json<Order>()
    }
    const by = todoShop.keeper
    const move = async (id: string, status: string, extra: Record<string, unknown> = {}) =>
      expect((await patch(id, { status, ...extra }, by)).statusCode).toBe(200)
    const record = async (order: string, amount: number) =>
      expect((await ctx.app.inject({ method: 'POST', url: '/api/transactions/', headers: by.headers, payload: { order, amount, method: 'cash' } })).statusCode).toBe(201)

    const unpaid = await placeIn()
    const partPaid = await placeIn()
    await record(partPaid._id, 5)
    const paidUp = await placeIn()
    await record(paidUp._id, 20)
    const canceled = await placeIn()
    await move(canceled._id, 'canceled')
    const deliveredUnpaid = await placeIn()
    for (const status of ['packaged', 'ready']) await move(deliveredUnpaid._id, status)
    await move(deliveredUnpaid._id, 'delivered', { deliveredUnpaid: true })
    // Paid in full, then part refunded (a goodwill refund): not owed again.
    const refundedAgain = await placeIn()
    await record(refundedAgain._id, 20)
    await db.insert(refunds).values({ shopId: todoShop.shop.id, orderId: refundedAgain._id, amountMinor: 500, currency: 'GHS', method: 'cash', reason: 'Stain', status: 'succeeded' })

    const listed = await get(`/api/orders/?shop=${todoShop.shop.id}&unpaid=true&$limit=50`, by)
    expect(listed.statusCode, listed.body).toBe(200)
    const page = listed.json<Page<Order>>()
    expect(page.data.map((o) => o._id).sort()).toEqual([unpaid._id, partPaid._id, deliveredUnpaid._id].sort())
    expect(page.total).toBe(3)
    expect(page.data.every((o) => o.balance > 0)).toBe(true)
    expect((await get(`/api/orders/?shop=${todoShop.shop.id}&unpaid=yes`, by)).statusCode).toBe(400)

    const overview = await get(`/api/shop-overview/${todoShop.shop.id}`, by)
    expect(overview.statusCode, overview.body).toBe(200)
    expect(overview.json().todo.unpaidOrders).toBe(3)
    // Another shop's orders never count, nor show.
    expect((await get(`/api/shop-overview/${otherShop.id}`, outsider)).json().todo.unpaidOrders).toBe(0)
    expect((await get(`/api/orders/?shop=${todoShop.shop.id}&unpaid=true`, keeper)).statusCode).toBe(404)
  })
})

describe('a buyer canceling their order', () => {
  it('tells staff, in the app and by e-mail, with what was paid and so what is to refund', async () => {
    const buyer = await createUser(ctx, { name: 'Esi Buyer' })
    const order = await place({}, { user: buyer })
    await pay(order._id, 40)
    const canceled = await patch(order._id, { status: 'canceled', note: 'Found it cheaper' }, buyer)
    expect(canceled.statusCode, canceled.body).toBe(200)
    const told = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.shopId, shop.id), eq(notifications.type, 'order-canceled'), eq(notifications.link, `/admin/orders?order=${order._id}`)))
    expect(told.map((n) => n.userId).sort()).toEqual([owner.id, administrator.id, manager.id, keeper.id].sort())
    expect(plain(told[0]!.body)).toBe('Found it cheaper · GHS 40.00 was paid: refund GHS 40.00')
    expect(told[0]!.title).toBe(`Order ${order.orderId} was canceled by the buyer`)

    await ctx.app.outbox.drain()
    const alerts = peer.received.filter((m) => m.subject === `Order ${order.orderId} was canceled by the buyer`)
    // Owners and administrators get staff alerts until they choose otherwise.
    expect(alerts.flatMap((m) => m.envelopeTo).sort()).toEqual([owner.email, administrator.email].map((e) => e.toLowerCase()).sort())
    expect(plain(alerts[0]!.text)).toContain('GHS 40.00 was paid: refund it.')

    const unpaid = await place({}, { user: buyer })
    expect((await patch(unpaid._id, { status: 'canceled' }, buyer)).statusCode).toBe(200)
    const [note] = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, keeper.id), eq(notifications.type, 'order-canceled'), eq(notifications.link, `/admin/orders?order=${unpaid._id}`)))
    expect(note!.body).toBe('Kente scarf · Nothing was paid: nothing to refund')
  })
})
