/**
 * Reminders to pay (decision 63): the background sweep sends an online order still unpaid one reminder with
 * its pay link halfway to the shop's unpaid timeout (not before, not twice, not past the timeout, not when
 * the shop turned reminders off), and staff remind the buyer of any order with money due, pay-on-delivery
 * debts included, noted on the timeline.
 */
import type { Order } from '@shop/domain/schemas/orders'
import { asc, eq, like, sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { systemActor } from '../src/actor'
import { orderEvents, orders, outboxMessages, shopConfigs, shopMessageSettings } from '../src/db/schema'
import { dueRemindersQuery } from '../src/modules/orders/pay-link.repository'
import { sendPaymentReminders } from '../src/modules/payments/expire-unpaid-orders'
import { commerceFixtures } from './commerce-fixtures'
import { startFakeArkesel } from './fake-arkesel'
import { type TestUser, createStaffedShop, errorBody, serviceContext, setupApp } from './helpers'
import { planScans } from './query-plans'

const arkesel = await startFakeArkesel()
afterAll(() => arkesel.close())
const ctx = await setupApp({ arkesel: { apiKey: arkesel.apiKey, senderId: 'KenteShop', baseUrl: arkesel.url } })
const db = ctx.database.db
/** The context the app's worker sweeps with: the system, outside any request. */
const sweeper = serviceContext(ctx, systemActor)
const { shop, owner, keeper, outsider } = await createStaffedShop(ctx)
const { addProduct } = commerceFixtures(ctx, shop.id)
await db
  .update(shopConfigs)
  .set({ paymentOptions: [{ provider: 'test', enabled: true }, { provider: 'manual', enabled: true }], unpaidOrderTimeoutMinutes: 60 })
  .where(eq(shopConfigs.shopId, shop.id))
const scarf = await addProduct({ title: 'Kente scarf', priceMinor: 10_000 })
const host = `${shop.slug}.shops.test`

async function place(provider: 'test' | 'manual', contact: { email?: string; phone?: string } = { email: 'kofi@example.com', phone: '0201112222' }): Promise<Order> {
  const params = new URLSearchParams({ shop: shop.id, email: contact.email ?? 'kofi@example.com' })
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/orders/?${params}`,
    payload: { items: [{ product: scarf.id, count: 1 }], delivery: { type: 'pick-up' }, payment: { provider }, ...(contact.phone ? { phone: contact.phone } : {}) },
  })
  expect(response.statusCode, response.body).toBe(201)
  return response.json()
}

const age = (id: string, minutes: number) => db.update(orders).set({ createdAt: sql`now() - make_interval(mins => ${minutes})` }).where(eq(orders.id, id))
const reminders = (id: string) =>
  db.select().from(outboxMessages).where(like(outboxMessages.event, `order:${id}:reminder:%`)).orderBy(asc(outboxMessages.channel))
const notes = async (id: string) =>
  (await db.select().from(orderEvents).where(eq(orderEvents.orderId, id)).orderBy(asc(orderEvents.createdAt), asc(orderEvents.id)))
    .map((event) => event.note.replace(/\u00a0/g, ' '))
    .filter((note) => note.startsWith('Reminder'))
const rowOf = async (id: string) => (await db.select().from(orders).where(eq(orders.id, id)))[0]!

describe('the automatic reminder', () => {
  it('goes once, with the pay link, by SMS and e-mail, halfway to the shop’s timeout', async () => {
    const order = await place('test')
    await age(order._id, 29)
    await sendPaymentReminders(sweeper)
    expect(await reminders(order._id)).toHaveLength(0)
    expect((await rowOf(order._id)).remindedAt).toBeNull()

    await age(order._id, 31)
    expect(await sendPaymentReminders(sweeper)).toBeGreaterThanOrEqual(1)
    const sent = await reminders(order._id)
    expect(sent.map((row) => [row.kind, row.channel, row.recipient])).toEqual([
      ['order-payment-reminder', 'email', 'kofi@example.com'],
      ['order-payment-reminder', 'sms', '+233201112222'],
    ])
    const row = await rowOf(order._id)
    expect(row.remindedAt).not.toBeNull()
    expect(sent[0]!.secrets).toEqual({ path: `/pay/${order._id}?key=${row.payKey}` })
    expect(await notes(order._id)).toEqual(['Reminder to pay GHS 100.00 sent automatically by SMS to +233201112222 and by e-mail to kofi@example.com'])

    // Not twice, however often the sweep runs.
    await sendPaymentReminders(sweeper)
    await sendPaymentReminders(sweeper)
    expect(await reminders(order._id)).toHaveLength(2)
    expect(await notes(order._id)).toHaveLength(1)

    await ctx.app.outbox.drain()
    const sms = arkesel.sent.find((one) => one.recipients.includes('233201112222') && one.message.includes('/pay/'))
    expect(sms?.message.replace(/\u00a0/g, ' ')).toBe(
      `${shop.title}: a reminder: order ${order.orderId} is waiting for your payment of GHS 100.00. Pay here: http://${host}/pay/${order._id}?key=${row.payKey}`,
    )
  })

  it('is claimed once when two sweeps run at the same time', async () => {
    const order = await place('test')
    await age(order._id, 40)
    await Promise.all([sendPaymentReminders(serviceContext(ctx, systemActor)), sendPaymentReminders(serviceContext(ctx, systemActor))])
    expect(await reminders(order._id)).toHaveLength(2)
    expect(await notes(order._id)).toHaveLength(1)
  })

  it('leaves paid and pay-on-delivery orders, orders past the timeout, and shops that turned reminders off', async () => {
    const cash = await place('manual')
    const late = await place('test')
    await age(cash._id, 45)
    await age(late._id, 61)
    await sendPaymentReminders(sweeper)
    expect(await reminders(cash._id)).toHaveLength(0)
    expect(await reminders(late._id)).toHaveLength(0)

    await db.insert(shopMessageSettings).values({ shopId: shop.id, paymentReminders: false }).onConflictDoUpdate({ target: shopMessageSettings.shopId, set: { paymentReminders: false } })
    try {
      const quiet = await place('test')
      await age(quiet._id, 45)
      await sendPaymentReminders(sweeper)
      expect(await reminders(quiet._id)).toHaveLength(0)
      expect((await rowOf(quiet._id)).remindedAt).toBeNull()
    } finally {
      await db.update(shopMessageSettings).set({ paymentReminders: true }).where(eq(shopMessageSettings.shopId, shop.id))
    }
  })

  it('reads only unpaid orders, through orders_unpaid_idx', async () => {
    await db.execute(sql`
      insert into orders (shop_id, order_id, email, items, delivery, currency, subtotal_minor, tax_minor,
        delivery_minor, discount_minor, total_minor, status, acked, created_at, updated_at)
      select ${shop.id}, 'R' || g, 'busy@example.com', '[]'::jsonb, '{"type":"pick-up"}'::jsonb, 'GHS', 1000, 0, 0, 0, 1000,
        case when g % 50 = 0 then 'placed' else 'delivered' end, g % 50 <> 0, now() - g * interval '1 minute', now()
      from generate_series(1, 5000) as g`)
    await db.execute(sql`analyze orders`)
    const scans = await planScans(db, dueRemindersQuery(db, 100))
    expect(scans.find((scan) => scan.relation === 'orders')?.index).toBe('orders_unpaid_idx')
  })

  it('is switched in the shop’s message settings (settings staff)', async () => {
    const path = `/api/message-settings/${shop.id}`
    expect((await ctx.app.inject({ method: 'GET', url: path, headers: owner.headers })).json().paymentReminders).toBe(true)
    const off = await ctx.app.inject({ method: 'PATCH', url: path, headers: owner.headers, payload: { paymentReminders: false } })
    expect(off.statusCode, off.body).toBe(200)
    expect(off.json().paymentReminders).toBe(false)
    expect((await ctx.app.inject({ method: 'PATCH', url: path, headers: keeper.headers, payload: { paymentReminders: true } })).statusCode).toBe(403)
    expect((await ctx.app.inject({ method: 'PATCH', url: path, headers: owner.headers, payload: { paymentReminders: true } })).json().paymentReminders).toBe(true)
  })
})

describe('POST /api/orders/{id}/reminders', () => {
  const remind = (id: string, user: TestUser = keeper) => ctx.app.inject({ method: 'POST', url: `/api/orders/${id}/reminders`, headers: user.headers })

  it('reminds a pay-on-delivery debt, even with automatic reminders off, and notes it', async () => {
    await db.insert(shopMessageSettings).values({ shopId: shop.id, paymentReminders: false }).onConflictDoUpdate({ target: shopMessageSettings.shopId, set: { paymentReminders: false } })
    const order = await place('manual')
    const response = await remind(order._id)
    expect(response.statusCode, response.body).toBe(201)
    const body = response.json()
    expect(body.sent).toEqual([
      { channel: 'sms', recipient: '+233201112222' },
      { channel: 'email', recipient: 'kofi@example.com' },
    ])
    expect(body.note.replace(/\u00a0/g, ' ')).toBe('Reminder to pay GHS 100.00 sent by SMS to +233201112222 and by e-mail to kofi@example.com by Test User')
    expect(await notes(order._id)).toEqual([body.note.replace(/\u00a0/g, ' ')])
    expect(await reminders(order._id)).toHaveLength(2)
    await db.update(shopMessageSettings).set({ paymentReminders: true }).where(eq(shopMessageSettings.shopId, shop.id))
  })

  it('is a 404 to another shop’s staff, a 409 with nothing due, and changes nothing', async () => {
    const order = await place('manual')
    const foreign = await remind(order._id, outsider)
    expect(foreign.statusCode).toBe(404)
    expect(errorBody(foreign).name).toBe('NotFound')
    const paid = await ctx.app.inject({ method: 'POST', url: '/api/transactions/', headers: keeper.headers, payload: { order: order._id, amount: 100, method: 'cash' } })
    expect(paid.statusCode).toBe(201)
    const refused = await remind(order._id)
    expect(refused.statusCode).toBe(409)
    expect(errorBody(refused).message).toBe(`Order ${order.orderId} is paid in full: there is nothing to pay`)
    expect(await reminders(order._id)).toHaveLength(0)
    expect(await notes(order._id)).toEqual([])
  })
})
