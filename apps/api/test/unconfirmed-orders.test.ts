/**
 * Pay-on-delivery orders the shop never confirmed give their stock back (decision 52): past their deadline
 * (the shop's window, 48 hours unless changed) the background sweep cancels them, returns the stock, says
 * why on the timeline and tells the buyer by e-mail and SMS. Orders the shop confirmed (moved on, or with a
 * payment recorded), orders its staff placed and orders paid online are not its business.
 */
import type { Order } from '@shop/domain/schemas/orders'
import { and, asc, eq, sql } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'
import { systemActor } from '../src/actor'
import { inventory, notifications, orderEvents, orders, outboxMessages, shopConfigs, shopMessageSettings } from '../src/db/schema'
import { unconfirmedOrdersDueQuery } from '../src/modules/orders/order.repository'
import { templateOf, renderEmail, renderSms } from '../src/modules/messages/templates'
import { expireUnconfirmedOrders, expireUnpaidOrders } from '../src/modules/payments/expire-unpaid-orders'
import { commerceFixtures } from './commerce-fixtures'
import { type TestContext, type TestUser, createStaffedShop, createUser, serviceContext, setupApp } from './helpers'

// SMS on: the messages are only written to the outbox here, never sent.
const arkesel = { apiKey: 'test-key', senderId: 'KenteShop', baseUrl: 'http://127.0.0.1:9' }
const ctx = await setupApp({ arkesel })
const db = ctx.database.db
/** The context the app's worker sweeps with: the system, outside any request. */
const sweeper = serviceContext(ctx, systemActor)

async function shopSelling(context: TestContext, stock: number) {
  const staffed = await createStaffedShop(context)
  const fixtures = commerceFixtures(context, staffed.shop.id)
  const product = await fixtures.addProduct({ title: 'Adinkra cloth', priceMinor: 5000 })
  await context.database.db.insert(inventory).values({ shopId: staffed.shop.id, productId: product.id, variantId: '', quantity: stock, tracked: true })
  const rate = await fixtures.addRate({ name: 'Riders', paymentOption: 'on-delivery' })
  return { ...staffed, product, rate }
}

async function place(
  context: TestContext,
  shopId: string,
  productId: string,
  options: { user?: TestUser; email?: string; count?: number; delivery?: object; provider?: string } = {},
): Promise<Order> {
  const email = options.user ? '' : `&email=${options.email ?? 'ama@example.com'}`
  const response = await context.app.inject({
    method: 'POST',
    url: `/api/orders/?shop=${shopId}${email}`,
    headers: options.user?.headers,
    payload: {
      items: [{ product: productId, count: options.count ?? 2 }],
      delivery: options.delivery ?? { type: 'pick-up' },
      name: 'Ama Mensah',
      phone: '024 412 3456',
      ...(options.provider ? { payment: { provider: options.provider } } : {}),
    },
  })
  expect(response.statusCode, response.body).toBe(201)
  return response.json()
}

/** Moves the order `hours` into the past, its deadline with it. */
const age = (context: TestContext, orderId: string, hours: number) =>
  context.database.db
    .update(orders)
    .set({
      createdAt: sql`${orders.createdAt} - make_interval(hours => ${hours})`,
      confirmBy: sql`${orders.confirmBy} - make_interval(hours => ${hours})`,
    })
    .where(eq(orders.id, orderId))
const stockOf = async (context: TestContext, productId: string) =>
  (await context.database.db.select().from(inventory).where(eq(inventory.productId, productId)))[0]!.quantity
const statusOf = async (context: TestContext, id: string) => (await context.database.db.select().from(orders).where(eq(orders.id, id)))[0]!.status
const timeline = (id: string) => db.select().from(orderEvents).where(eq(orderEvents.orderId, id)).orderBy(asc(orderEvents.createdAt))
const outboxAbout = (id: string) =>
  db.select().from(outboxMessages).where(sql`${outboxMessages.event} like ${`order:${id}:status:%`}`).orderBy(asc(outboxMessages.channel))

describe('the unconfirmed-order sweep', () => {
  it('cancels a pay-on-delivery order unconfirmed for 48 hours: stock back, a note, and the buyer told', async () => {
    const { shop, product, keeper } = await shopSelling(ctx, 10)
    const buyer = await createUser(ctx)
    const order = await place(ctx, shop.id, product.id, { user: buyer })
    expect(new Date(order.confirmBy!).getTime() - new Date(order.createdAt).getTime()).toBe(48 * 3_600_000)
    expect(await stockOf(ctx, product.id)).toBe(8)

    await age(ctx, order._id, 47)
    expect(await expireUnconfirmedOrders(sweeper)).toBe(0)
    expect(await statusOf(ctx, order._id)).toBe('placed')

    await age(ctx, order._id, 2)
    expect(await expireUnconfirmedOrders(sweeper)).toBe(1)
    expect(await statusOf(ctx, order._id)).toBe('canceled')
    expect(await stockOf(ctx, product.id)).toBe(10)
    const note = 'Canceled automatically: the shop did not confirm this order, to pay at pick-up, within 2 days. The items are back in stock.'
    expect((await timeline(order._id)).at(-1)).toMatchObject({ status: 'canceled', kind: 'status', actorId: null, note })

    // The buyer hears why, by e-mail and SMS, in place of the plain "canceled" message.
    const messages = await outboxAbout(order._id)
    expect(messages.map((m) => [m.kind, m.channel, m.recipient])).toEqual([
      ['order-not-confirmed', 'email', buyer.email],
      ['order-not-confirmed', 'sms', '+233244123456'],
    ])
    const site = { name: 'Kente Shop', origin: `http://${shop.slug}.shops.test`, logoUrl: null, providerName: 'Shoplet' }
    const data = { ...messages[0]!.data, ...messages[0]!.secrets }
    const email = renderEmail(templateOf('order-not-confirmed')!, data, site)
    expect(email.subject).toBe(`Order ${order.orderId} is canceled`)
    expect(email.text).toContain('the shop did not confirm it in time, so its items are back on sale. If you still want them, please call the shop or order again.')
    expect(renderSms(templateOf('order-not-confirmed')!, data, site)).toMatch(
      new RegExp(`^Kente Shop: your order ${order.orderId} is canceled: the shop did not confirm it in time\\. To still get it, call the shop or order again\\. http://`),
    )

    // The buyer's account and the staff who move orders are told.
    const told = await db.select().from(notifications).where(and(eq(notifications.userId, buyer.id), eq(notifications.type, 'order-status')))
    expect(told.map((n) => n.title)).toEqual([`Order ${order.orderId} is canceled`])
    const staffTold = await db.select().from(notifications).where(and(eq(notifications.userId, keeper.id), eq(notifications.type, 'order-canceled')))
    expect(staffTold.map((n) => n.title)).toEqual([`Order ${order.orderId} was canceled: not confirmed in time`])

    // Nothing is canceled twice, and the unpaid-order sweep leaves it alone.
    expect(await expireUnconfirmedOrders(sweeper)).toBe(0)
    expect(await expireUnpaidOrders(sweeper)).toBe(0)
    expect(await stockOf(ctx, product.id)).toBe(10)
  })

  it('leaves the orders the shop confirmed, those its staff placed, and those paid online', async () => {
    const { shop, product, keeper, owner } = await shopSelling(ctx, 20)
    await db
      .update(shopConfigs)
      .set({ paymentOptions: [{ provider: 'manual', enabled: true }, { provider: 'test', enabled: true }] })
      .where(eq(shopConfigs.shopId, shop.id))
    const packaged = await place(ctx, shop.id, product.id, { email: 'a@example.com' })
    const paid = await place(ctx, shop.id, product.id, { email: 'b@example.com' })
    const byStaff = await place(ctx, shop.id, product.id, { user: keeper })
    const online = await place(ctx, shop.id, product.id, { email: 'c@example.com', provider: 'test' })
    expect([byStaff.confirmBy, online.confirmBy]).toEqual([null, null])
    const moved = await ctx.app.inject({ method: 'PATCH', url: `/api/orders/${packaged._id}`, headers: keeper.headers, payload: { status: 'packaged' } })
    expect(moved.statusCode).toBe(200)
    const recorded = await ctx.app.inject({ method: 'POST', url: '/api/transactions/', headers: owner.headers, payload: { order: paid._id, method: 'mobile-money', amount: 20 } })
    expect(recorded.statusCode, recorded.body).toBe(201)
    for (const order of [packaged, paid, byStaff, online]) await age(ctx, order._id, 100)

    expect(await expireUnconfirmedOrders(sweeper)).toBe(0)
    expect(await Promise.all([packaged, paid, byStaff].map((order) => statusOf(ctx, order._id)))).toEqual(['packaged', 'placed', 'placed'])
    expect(await stockOf(ctx, product.id)).toBe(12)
    // The online one is the unpaid-order sweep's, on its own timeout.
    expect(await expireUnpaidOrders(sweeper)).toBe(1)
    expect(await statusOf(ctx, online._id)).toBe('canceled')
  })

  it("follows each shop's own window and leaves other shops' orders alone", async () => {
    const quick = await shopSelling(ctx, 5)
    const slow = await shopSelling(ctx, 5)
    const patched = await ctx.app.inject({ method: 'PATCH', url: `/api/shop-configs/${quick.shop.id}`, headers: quick.owner.headers, payload: { unconfirmedOrderHours: 3 } })
    expect(patched.statusCode).toBe(200)
    const soon = await place(ctx, quick.shop.id, quick.product.id, { delivery: { type: 'dispatch', region: 'GH-AA', rate: quick.rate.id, address: 'Osu' } })
    const later = await place(ctx, slow.shop.id, slow.product.id)
    await age(ctx, soon._id, 4)
    await age(ctx, later._id, 4)
    expect(await expireUnconfirmedOrders(sweeper)).toBe(1)
    expect([await statusOf(ctx, soon._id), await statusOf(ctx, later._id)]).toEqual(['canceled', 'placed'])
    expect((await timeline(soon._id)).at(-1)!.note).toBe(
      'Canceled automatically: the shop did not confirm this order, to pay on delivery, within 3 hours. The items are back in stock.',
    )
    expect([await stockOf(ctx, quick.product.id), await stockOf(ctx, slow.product.id)]).toEqual([5, 3])
  })

  it("sends the buyer's message only as the shop's notification settings allow", async () => {
    const { shop, product } = await shopSelling(ctx, 5)
    await db.insert(shopMessageSettings).values({ shopId: shop.id, buyerEmailsOff: ['order-not-confirmed'], orderSms: false })
    const order = await place(ctx, shop.id, product.id)
    await age(ctx, order._id, 49)
    expect(await expireUnconfirmedOrders(sweeper)).toBe(1)
    expect(await statusOf(ctx, order._id)).toBe('canceled')
    expect(await outboxAbout(order._id)).toEqual([])
  })

  it('cancels each order once when several processes sweep at the same time', async () => {
    const { shop, product } = await shopSelling(ctx, 20)
    const placed: Order[] = []
    for (let i = 0; i < 5; i++) placed.push(await place(ctx, shop.id, product.id, { email: `racer${i}@example.com` }))
    for (const order of placed) await age(ctx, order._id, 50)
    const counts = await Promise.all([expireUnconfirmedOrders(sweeper), expireUnconfirmedOrders(sweeper), expireUnconfirmedOrders(sweeper)])
    expect(counts.reduce((a, b) => a + b, 0)).toBe(5)
    expect(await stockOf(ctx, product.id)).toBe(20)
    for (const order of placed) {
      expect((await timeline(order._id)).filter((event) => event.status === 'canceled')).toHaveLength(1)
    }
  })

  it('runs by itself in the app process every UNPAID_ORDER_SWEEP_SECONDS', async () => {
    const worker = await setupApp({ unpaidOrderSweepMs: 100 })
    const { shop, product } = await shopSelling(worker, 3)
    const order = await place(worker, shop.id, product.id)
    await age(worker, order._id, 49)
    await vi.waitFor(async () => expect(await statusOf(worker, order._id)).toBe('canceled'), { timeout: 10_000, interval: 100 })
    expect(await stockOf(worker, product.id)).toBe(3)
  })
})

describe('finding the orders due', () => {
  it('reads only placed orders with a deadline, through orders_unconfirmed_idx', async () => {
    const { shop } = await shopSelling(ctx, 1)
    await db.execute(sql`
      insert into orders (shop_id, order_id, email, items, delivery, currency, subtotal_minor, tax_minor,
        delivery_minor, discount_minor, total_minor, status, acked, confirm_by, created_at, updated_at)
      select ${shop.id}, 'C' || g, 'busy@example.com', '[]'::jsonb, '{"type":"pick-up"}'::jsonb, 'GHS', 1000, 0, 0, 0, 1000,
        case when g % 50 = 0 then 'placed' else 'delivered' end, true, now() + g * interval '1 minute', now(), now()
      from generate_series(1, 5000) as g`)
    await db.execute(sql`analyze orders`)
    const plan = await db.transaction(async (tx) => {
      const result = (await tx.execute<Record<string, unknown>>(sql`explain ${unconfirmedOrdersDueQuery(tx, 100)}`)) as { rows: Record<string, string>[] }
      return result.rows.map((row) => Object.values(row)[0]).join('\n')
    })
    expect(plan).toContain('orders_unconfirmed_idx')
  })
})
