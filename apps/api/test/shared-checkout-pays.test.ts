/**
 * "Auntie pays, I receive" (decision 68): whoever opens a shared checkout may pay it as it is. The order
 * keeps the sharer's delivery (region, address, phone, rate); the payer's answers show its region and fee
 * but never the sharer's address or phone, which the shop's staff see. A checkout is placed once: its
 * answer says so, and a second placement is a 409. When the order is paid in full, the sharer hears it: a
 * notification on their account, and an e-mail and SMS to what they gave the checkout.
 */
import type { Checkout, Order } from '@shop/domain/schemas/orders'
import { and, eq } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { notifications, orders, shopConfigs } from '../src/db/schema'
import { commerceFixtures } from './commerce-fixtures'
import { startFakeArkesel } from './fake-arkesel'
import { type TestUser, createStaffedShop, createUser, errorBody, setupApp } from './helpers'
import { startSmtpPeer } from './smtp-peer'
import { listOutboxMessages } from './outbox-rows'

const peer = await startSmtpPeer()
const arkesel = await startFakeArkesel()
afterAll(async () => {
  await peer.close()
  await arkesel.close()
})
const ctx = await setupApp({
  smtpUrl: peer.url,
  mailFrom: 'orders@mail.test',
  arkesel: { apiKey: arkesel.apiKey, senderId: 'KenteShop', baseUrl: arkesel.url },
})
const { app } = ctx
const db = ctx.database.db
const { shop, keeper, shopper: sharer } = await createStaffedShop(ctx)
const { addProduct, addRate } = commerceFixtures(ctx, shop.id)
await db.update(shopConfigs).set({ pickupAddress: '14 Oxford Street, Osu' }).where(eq(shopConfigs.shopId, shop.id))
const scarf = await addProduct({ title: 'Kente scarf', priceMinor: 10_000 })
const volta = await addRate({ name: 'Volta bus', regions: ['GH-TV'], rateMinor: 3_000, paymentOption: 'instant' })

const sharerDelivery = { type: 'dispatch', region: 'GH-TV', rate: volta.id, address: '12 Lake Road, Ho', phone: '024 777 1234' }
const secrets = ['12 Lake Road', '+233247771234', '0247771234', 'Abena Sharer', sharer.email]

async function share(): Promise<Checkout> {
  const response = await app.inject({
    method: 'POST',
    url: `/api/checkouts/?shop=${shop.id}`,
    headers: sharer.headers,
    payload: { items: [{ product: scarf.id, count: 2 }], delivery: sharerDelivery, name: 'Abena Sharer', phone: '024 777 1234' },
  })
  expect(response.statusCode, response.body).toBe(201)
  return response.json()
}
const placeIt = (checkout: string, as: { user?: TestUser; email?: string }, extra: Record<string, unknown> = {}) =>
  app.inject({
    method: 'POST',
    url: `/api/orders/?shop=${shop.id}${as.email ? `&email=${encodeURIComponent(as.email)}` : ''}`,
    headers: as.user?.headers,
    payload: { checkout, ...extra },
  })
const readCheckout = async (id: string, user?: TestUser): Promise<Checkout> => {
  const response = await app.inject({ method: 'GET', url: `/api/checkouts/${id}`, headers: user?.headers })
  expect(response.statusCode, response.body).toBe(200)
  return response.json()
}
const pay = async (order: string, amount: number) => {
  const response = await app.inject({ method: 'POST', url: '/api/transactions/', headers: keeper.headers, payload: { order, amount, method: 'cash' } })
  expect(response.statusCode, response.body).toBe(201)
}
const sharerNotifications = () =>
  db.select().from(notifications).where(and(eq(notifications.userId, sharer.id), eq(notifications.type, 'checkout-paid')))

describe('a payer paying a shared checkout as it is', () => {
  let checkout: Checkout
  let order: Order

  it('places it without a delivery: the order keeps the sharer’s region, rate, address and phone', async () => {
    checkout = await share()
    expect(checkout.placedOrder).toBeNull()
    const response = await placeIt(checkout._id, { email: 'auntie@example.com' }, { phone: '020 123 4567', name: 'Auntie Efua' })
    expect(response.statusCode, response.body).toBe(201)
    order = response.json()
    expect(order).toMatchObject({
      email: 'auntie@example.com',
      phone: '+233201234567',
      sharedDelivery: true,
      delivery: { type: 'dispatch', region: 'GH-TV', rate: { _id: volta.id, rate: { value: 30 } } },
      totals: { delivery: 30, totalInclTax: 230 },
    })
    const [row] = await db.select().from(orders).where(eq(orders.id, order._id))
    expect(row!.delivery).toMatchObject({ region: 'GH-TV', address: '12 Lake Road, Ho', phone: '+233247771234', fromSharer: true })
  })

  it('never shows the payer the sharer’s address or phone, in the answer or on their order’s page', async () => {
    expect(order.delivery).not.toHaveProperty('address')
    expect(order.delivery).not.toHaveProperty('phone')
    const own = await app.inject({ method: 'GET', url: `/api/orders/${order._id}?key=${order.accessKey}` })
    expect(own.statusCode, own.body).toBe(200)
    for (const body of [JSON.stringify(order), own.body]) {
      for (const secret of secrets) expect(body).not.toContain(secret)
    }
    expect(own.json()).toMatchObject({ delivery: { region: 'GH-TV' }, totals: { delivery: 30 } })
  })

  it('shows the shop’s staff where to deliver and whom to call', async () => {
    const staffView = await app.inject({ method: 'GET', url: `/api/orders/${order._id}`, headers: keeper.headers })
    expect(staffView.json()).toMatchObject({ sharedDelivery: true, delivery: { address: '12 Lake Road, Ho', phone: '+233247771234' } })
    const list = await app.inject({ method: 'GET', url: `/api/orders/?shop=${shop.id}&orderId=${order.orderId}`, headers: keeper.headers })
    expect(list.json()).toMatchObject({ data: [{ delivery: { address: '12 Lake Road, Ho', phone: '+233247771234' } }] })
  })

  it('answers the checkout as placed, and refuses a second placement (409) placing nothing', async () => {
    expect((await readCheckout(checkout._id)).placedOrder).toEqual({ orderId: order.orderId, paid: false })
    const before = await db.select({ id: orders.id }).from(orders).where(eq(orders.checkoutId, checkout._id))
    for (const as of [{ email: 'cousin@example.com' }, { user: sharer }]) {
      const response = await placeIt(checkout._id, as)
      expect(response.statusCode, response.body).toBe(409)
      expect(errorBody(response).errors).toEqual([{ path: 'checkout', message: `was already placed as order ${order.orderId}` }])
    }
    expect(await db.select({ id: orders.id }).from(orders).where(eq(orders.checkoutId, checkout._id))).toHaveLength(before.length)
  })

  it('tells the sharer when it is paid in full, once: a notification, an e-mail and an SMS to the checkout’s contact', async () => {
    await pay(order._id, 100)
    expect(await sharerNotifications()).toHaveLength(0)
    expect(await listOutboxMessages(db, { event: `order:${order._id}:checkout-paid` })).toHaveLength(0)

    await pay(order._id, 130)
    const told = await sharerNotifications()
    expect(told).toHaveLength(1)
    expect(told[0]).toMatchObject({ title: `Your shared checkout is paid: order ${order.orderId}`, link: `/checkout/${checkout._id}` })
    const rows = await listOutboxMessages(db, { event: `order:${order._id}:checkout-paid` })
    expect(rows.map((row) => `${row.kind}/${row.channel}/${row.recipient}`).sort()).toEqual(
      ['checkout-paid/email/' + sharer.email.toLowerCase(), 'checkout-paid/sms/+233247771234'].sort(),
    )
    await app.outbox.drain()
    const mail = peer.received.find((m) => m.envelopeTo.includes(sharer.email.toLowerCase()))!
    expect(mail.subject).toBe(`Your shared checkout is paid: order ${order.orderId}`)
    expect(mail.text).toContain(`/checkout/${checkout._id}`)
    // The payer's private link and contact stay theirs.
    expect(mail.text).not.toContain(order.accessKey!)
    expect(mail.text).not.toContain('auntie@example.com')
    expect(arkesel.sent.some((sms) => sms.recipients.includes('233247771234') && sms.message.includes(`is paid: order ${order.orderId}`))).toBe(true)
    expect((await readCheckout(checkout._id)).placedOrder).toEqual({ orderId: order.orderId, paid: true })
  })

  it('frees the checkout again when its order is canceled', async () => {
    const another = await share()
    const first = await placeIt(another._id, { email: 'auntie@example.com' })
    expect(first.statusCode, first.body).toBe(201)
    const canceled = await app.inject({ method: 'PATCH', url: `/api/orders/${(first.json<Order>())._id}`, headers: keeper.headers, payload: { status: 'canceled' } })
    expect(canceled.statusCode, canceled.body).toBe(200)
    expect((await readCheckout(another._id)).placedOrder).toBeNull()
    expect((await placeIt(another._id, { email: 'uncle@example.com' })).statusCode).toBe(201)
  })

  it('lets the payer send their own delivery instead, and then shows it to them', async () => {
    const another = await share()
    const friend = await createUser(ctx)
    const response = await placeIt(another._id, { user: friend }, { delivery: { type: 'pick-up', phone: '020 999 0000' } })
    expect(response.statusCode, response.body).toBe(201)
    const own = response.json<Order>()
    expect(own.sharedDelivery).toBeUndefined()
    expect(own.delivery).toMatchObject({ type: 'pick-up', phone: '+233209990000' })
  })

  it('does not tell the sharer about their own order', async () => {
    const mine = await share()
    const response = await placeIt(mine._id, { user: sharer })
    expect(response.statusCode, response.body).toBe(201)
    const own = response.json<Order>()
    expect(own.delivery).toMatchObject({ address: '12 Lake Road, Ho' })
    await pay(own._id, 230)
    expect(await listOutboxMessages(db, { event: `order:${own._id}:checkout-paid` })).toHaveLength(0)
    expect(await sharerNotifications()).toHaveLength(1)
  })
})
