/**
 * Unpaid online orders give their stock back: past the shop's timeout the background worker cancels
 * them, returns the stock and closes their payment attempts, with a note on the timeline; a payment that
 * came at the last moment settles the order instead.
 */
import type { Order } from '@shop/domain/schemas/orders'
import { and, asc, eq, sql } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'
import { inventory, notifications, orderEvents, orders, products, shopConfigs, transactions } from '../src/db/schema'
import { unpaidOrdersDueQuery } from '../src/modules/orders/order.repository'
import { expireUnpaidOrders, timeoutWords } from '../src/modules/payments/expire-unpaid-orders'
import { productFactory } from '../src/seed/factories'
import { systemActor } from '../src/actor'
import { type TestContext, type TestUser, createShop, createUser, serviceContext, setupApp } from './helpers'

const ctx = await setupApp()
const db = ctx.database.db
/** The context the app's worker sweeps with: the system, outside any request. */
const sweeper = serviceContext(ctx, systemActor)

async function shopSelling(context: TestContext, stock: number, timeoutMinutes?: number) {
  const shop = await createShop(context, { owner: await createUser(context) })
  await context.database.db
    .update(shopConfigs)
    .set({
      paymentOptions: [{ provider: 'test', enabled: true }, { provider: 'manual', enabled: true }],
      ...(timeoutMinutes ? { unpaidOrderTimeoutMinutes: timeoutMinutes } : {}),
    })
    .where(eq(shopConfigs.shopId, shop.id))
  const [product] = await context.database.db.insert(products).values(productFactory(shop.id, { title: 'Adinkra cloth', priceMinor: 5000 })).returning()
  await context.database.db.insert(inventory).values({ shopId: shop.id, productId: product!.id, variantId: '', quantity: stock, tracked: true })
  return { shop, product: product! }
}

async function place(context: TestContext, shopId: string, productId: string, options: { provider: string; user?: TestUser; count?: number }) {
  const response = await context.app.inject({
    method: 'POST',
    url: `/api/orders/?shop=${shopId}${options.user ? '' : '&email=buyer@example.com'}`,
    headers: options.user?.headers,
    payload: { items: [{ product: productId, count: options.count ?? 2 }], delivery: { type: 'pick-up' }, payment: { provider: options.provider } },
  })
  expect(response.statusCode, response.body).toBe(201)
  return response.json<Order>()
}

const age = (context: TestContext, orderId: string, minutes: number) =>
  context.database.db.update(orders).set({ createdAt: sql`now() - make_interval(mins => ${minutes})` }).where(eq(orders.id, orderId))
const stockOf = async (context: TestContext, productId: string) =>
  (await context.database.db.select().from(inventory).where(eq(inventory.productId, productId)))[0]!.quantity
const orderOf = async (context: TestContext, id: string) => (await context.database.db.select().from(orders).where(eq(orders.id, id)))[0]!
const timeline = (context: TestContext, id: string) =>
  context.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, id)).orderBy(asc(orderEvents.createdAt))

describe('the unpaid-order sweep', () => {
  it('cancels an online order unpaid past 30 minutes, gives its stock back and closes its payment', async () => {
    const { shop, product } = await shopSelling(ctx, 5)
    const shopper = await createUser(ctx)
    const order = await place(ctx, shop.id, product.id, { provider: 'test', user: shopper })
    expect(order.acked).toBe(false)
    expect(await stockOf(ctx, product.id)).toBe(3)

    await age(ctx, order._id, 29)
    expect(await expireUnpaidOrders(sweeper)).toBe(0)
    expect((await orderOf(ctx, order._id)).status).toBe('placed')

    await age(ctx, order._id, 31)
    expect(await expireUnpaidOrders(sweeper)).toBe(1)
    expect((await orderOf(ctx, order._id)).status).toBe('canceled')
    expect(await stockOf(ctx, product.id)).toBe(5)
    const events = await timeline(ctx, order._id)
    expect(events.at(-1)).toMatchObject({
      status: 'canceled',
      actorId: null,
      note: 'Canceled automatically: the payment did not arrive within 30 minutes. The items are back in stock.',
    })
    const [attempt] = await db.select().from(transactions).where(eq(transactions.id, order.payment.transaction!))
    expect(attempt!.status).toBe('abandoned')
    const told = await db.select().from(notifications).where(and(eq(notifications.userId, shopper.id), eq(notifications.type, 'order-status')))
    expect(told.map((n) => n.title)).toEqual([expect.stringMatching(/is canceled$/)])

    // Nothing is canceled twice.
    expect(await expireUnpaidOrders(sweeper)).toBe(0)
    expect(await stockOf(ctx, product.id)).toBe(5)
  })

  it("follows the shop's own timeout", async () => {
    const { shop, product } = await shopSelling(ctx, 5, 10)
    const order = await place(ctx, shop.id, product.id, { provider: 'test' })
    await age(ctx, order._id, 9)
    await expireUnpaidOrders(sweeper)
    expect((await orderOf(ctx, order._id)).status).toBe('placed')
    await age(ctx, order._id, 11)
    await expireUnpaidOrders(sweeper)
    expect((await orderOf(ctx, order._id)).status).toBe('canceled')
    expect((await timeline(ctx, order._id)).at(-1)!.note).toMatch(/within 10 minutes/)
  })

  it('leaves orders paid on delivery or at pick-up, and orders already paid', async () => {
    const { shop, product } = await shopSelling(ctx, 10)
    const cash = await place(ctx, shop.id, product.id, { provider: 'manual' })
    expect(cash.acked).toBe(true)
    await age(ctx, cash._id, 600)
    await expireUnpaidOrders(sweeper)
    expect((await orderOf(ctx, cash._id)).status).toBe('placed')
  })

  it('settles instead of canceling when the payment came at the last moment', async () => {
    const { shop, product } = await shopSelling(ctx, 5)
    const order = await place(ctx, shop.id, product.id, { provider: 'test' })
    // The simulated gateway took the money, but no one has told the shop yet.
    await db
      .update(transactions)
      .set({ details: { gateway: { status: 'success', at: new Date().toISOString() } } })
      .where(eq(transactions.id, order.payment.transaction!))
    await age(ctx, order._id, 45)
    expect(await expireUnpaidOrders(sweeper)).toBe(0)
    const row = await orderOf(ctx, order._id)
    expect([row.status, row.acked]).toEqual(['placed', true])
    expect(await stockOf(ctx, product.id)).toBe(3)
  })

  it('expires each order once when several processes sweep at the same time', async () => {
    const { shop, product } = await shopSelling(ctx, 20)
    const placed = []
    for (let i = 0; i < 5; i++) placed.push(await place(ctx, shop.id, product.id, { provider: 'test' }))
    for (const order of placed) await age(ctx, order._id, 40)
    const counts = await Promise.all([expireUnpaidOrders(sweeper), expireUnpaidOrders(sweeper), expireUnpaidOrders(sweeper)])
    expect(counts.reduce((a, b) => a + b, 0)).toBe(5)
    expect(await stockOf(ctx, product.id)).toBe(20)
    for (const order of placed) {
      expect((await timeline(ctx, order._id)).filter((event) => event.status === 'canceled')).toHaveLength(1)
    }
  })

  it('lets the process answer others between the orders it cancels', async () => {
    const { shop, product } = await shopSelling(ctx, 20)
    const placed = []
    for (let i = 0; i < 6; i++) placed.push(await place(ctx, shop.id, product.id, { provider: 'test', count: 1 }))
    for (const order of placed) await age(ctx, order._id, 40)
    // A turn of the event loop is when a waiting request is read and answered; PGlite gives none by itself.
    let done = false
    let turns = 0
    const count = () => {
      turns++
      if (!done) setImmediate(count)
    }
    setImmediate(count)
    const canceled = await expireUnpaidOrders(sweeper).finally(() => (done = true))
    expect(canceled).toBe(6)
    expect(turns).toBeGreaterThanOrEqual(6)
  })

  it('runs by itself in the app process every UNPAID_ORDER_SWEEP_SECONDS', async () => {
    const worker = await setupApp({ unpaidOrderSweepMs: 100 })
    const { shop, product } = await shopSelling(worker, 3)
    const order = await place(worker, shop.id, product.id, { provider: 'test' })
    await age(worker, order._id, 31)
    await vi.waitFor(async () => expect((await orderOf(worker, order._id)).status).toBe('canceled'), { timeout: 10_000, interval: 100 })
    expect(await stockOf(worker, product.id)).toBe(3)
  })
})

describe('finding the orders due', () => {
  it('reads only unpaid orders, through orders_unpaid_idx', async () => {
    const { shop } = await shopSelling(ctx, 1)
    await db.execute(sql`
      insert into orders (shop_id, order_id, email, items, delivery, currency, subtotal_minor, tax_minor,
        delivery_minor, discount_minor, total_minor, status, acked, created_at, updated_at)
      select ${shop.id}, 'U' || g, 'busy@example.com', '[]'::jsonb, '{"type":"pick-up"}'::jsonb, 'GHS', 1000, 0, 0, 0, 1000,
        case when g % 50 = 0 then 'placed' else 'delivered' end, g % 50 <> 0, now() - g * interval '1 minute', now()
      from generate_series(1, 5000) as g`)
    await db.execute(sql`analyze orders`)
    const plan = await db.transaction(async (tx) => {
      const result = (await tx.execute<Record<string, unknown>>(sql`explain ${unpaidOrdersDueQuery(tx, 100)}`)) as { rows: Record<string, string>[] }
      return result.rows.map((row) => Object.values(row)[0]).join('\n')
    })
    expect(plan).toContain('orders_unpaid_idx')
  })
})

describe('timeoutWords', () => {
  it('says the timeout as a person would', () => {
    expect([5, 30, 60, 61, 90, 120, 1440].map(timeoutWords)).toEqual([
      '5 minutes', '30 minutes', '1 hour', '1 hour 1 minute', '1 hour 30 minutes', '2 hours', '24 hours',
    ])
  })
})
