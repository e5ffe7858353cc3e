/**
 * A phone is enough (decision 62): an anonymous buyer checks out and orders with a name and phone and no
 * e-mail; without either the answer is a 400 naming `email`. The order keeps no e-mail, its messages go by
 * SMS (the fake Arkesel) with the order's private link and no e-mail is written, Paystack is initialized
 * with the address derived from the phone (the fake Paystack), and phone-only buyers are not one buyer to
 * the shop's cap on orders waiting for its confirmation.
 */
import type { Order } from '@shop/domain/schemas/orders'
import { eq } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { financialAccounts, orders, shopConfigs } from '../src/db/schema'
import { payerEmail } from '../src/modules/payments/payer-email'
import { commerceFixtures } from './commerce-fixtures'
import { startFakeArkesel } from './fake-arkesel'
import { startFakePaystack } from './fake-paystack'
import { createStaffedShop, errorBody, productionLimits, setupApp } from './helpers'
import { listOutboxMessages } from './outbox-rows'

const arkesel = await startFakeArkesel()
const paystack = await startFakePaystack()
afterAll(async () => {
  await arkesel.close()
  await paystack.close()
})
// The shop's cap on orders waiting for its confirmation is one of the abuse limits: on, as in production.
const roomy = { max: 10_000, windowMs: 600_000 }
const ctx = await setupApp({
  limits: { ...productionLimits, ordersPerBuyer: roomy, ordersPerIp: roomy, checkoutsPerBuyer: roomy, checkoutsPerIp: roomy },
  paystackSecretKey: paystack.secretKey,
  paystackBaseUrl: paystack.url,
  arkesel: { apiKey: arkesel.apiKey, senderId: 'KenteShop', baseUrl: arkesel.url },
})
const db = ctx.database.db
const { shop, keeper } = await createStaffedShop(ctx)
const { addProduct, addRate } = commerceFixtures(ctx, shop.id)
await db
  .update(shopConfigs)
  .set({ unconfirmedOrdersPerBuyer: 1, paymentOptions: [{ provider: 'manual', enabled: true }, { provider: 'paystack', enabled: true }] })
  .where(eq(shopConfigs.shopId, shop.id))
await db.insert(financialAccounts).values({
  shopId: shop.id,
  kind: 'mobile-money',
  provider: 'MTN MoMo',
  accountName: 'Kente Shop',
  accountNumber: '0244123456',
  bankCode: 'MTN',
  payout: true,
  subaccountCode: 'ACCT_kente',
  verifiedAt: new Date(),
})
paystack.subaccounts.set('ACCT_kente', {
  subaccount_code: 'ACCT_kente',
  business_name: shop.title,
  settlement_bank: 'MTN',
  account_number: '0244123456',
  account_name: 'Kente Shop',
  percentage_charge: 0,
  description: '',
  active: true,
})
const scarf = await addProduct({ title: 'Kente scarf', priceMinor: 10_000 })
const riders = await addRate({ name: 'Accra riders', rateMinor: 2_000, paymentOption: 'on-delivery' })

// Deliberately loose: the tests also send bodies the route's schema refuses.
type Body = Record<string, unknown>
const scarves = [{ product: scarf.id, count: 1 }]

const post = (path: 'orders' | 'checkouts', body: Body, query = '') =>
  ctx.app.inject({ method: 'POST', url: `/api/${path}/?shop=${shop.id}${query}`, payload: body })

async function placePhoneOnly(body: Body): Promise<Order> {
  const response = await post('orders', { items: scarves, delivery: { type: 'pick-up' }, name: 'Esi Boateng', ...body })
  expect(response.statusCode, response.body).toBe(201)
  return response.json()
}

describe('a buyer with a phone and no e-mail', () => {
  it('checks out with a name and phone, and no email in the query', async () => {
    const response = await post('checkouts', { items: scarves, delivery: { type: 'pick-up' }, name: 'Esi Boateng', phone: '024 455 6677' })
    expect(response.statusCode, response.body).toBe(201)
    // A dispatch's rider phone is a phone too.
    const delivered = await post('checkouts', { items: scarves, delivery: { type: 'dispatch', region: 'GH-AA', rate: riders.id, address: 'Osu', phone: '0244556677' } })
    expect(delivered.statusCode, delivered.body).toBe(201)
  })

  it('is refused with neither a phone nor an e-mail: a 400 naming email, nothing placed', async () => {
    const before = await db.select({ id: orders.id }).from(orders)
    for (const path of ['orders', 'checkouts'] as const) {
      const response = await post(path, { items: scarves, delivery: { type: 'pick-up' }, name: 'Nobody' })
      expect(response.statusCode).toBe(400)
      expect(errorBody(response).errors).toEqual([{ path: 'email', message: 'is required when not logged in and no phone is given' }])
    }
    // A phone that is no phone is no way to reach the buyer either.
    const notAPhone = await post('orders', { items: scarves, delivery: { type: 'pick-up' }, phone: '12' })
    expect(notAPhone.statusCode).toBe(400)
    expect(errorBody(notAPhone).errors?.[0]?.path).toBe('phone')
    expect(await db.select({ id: orders.id }).from(orders)).toHaveLength(before.length)
  })

  it('orders with no e-mail kept; every message goes by SMS with the private link, none by e-mail', async () => {
    const order = await placePhoneOnly({ phone: '024 455 6677', payment: { provider: 'manual' } })
    expect(order).toMatchObject({ email: '', phone: '+233244556677' })
    const queued = await listOutboxMessages(db, { event: `order:${order._id}:placed` })
    expect(queued.filter((row) => row.kind === 'order-confirmation').map((row) => [row.channel, row.recipient])).toEqual([['sms', '+233244556677']])

    // Canceled by the shop: the plain canceled message has no SMS for a buyer with an e-mail, but this buyer has only the phone.
    const canceled = await ctx.app.inject({ method: 'PATCH', url: `/api/orders/${order._id}`, headers: keeper.headers, payload: { status: 'canceled' } })
    expect(canceled.statusCode, canceled.body).toBe(200)
    const cancelMessages = await listOutboxMessages(db, { event: `order:${order._id}:status:canceled` })
    expect(cancelMessages.map((row) => [row.kind, row.channel])).toEqual([['order-canceled', 'sms']])

    await ctx.app.outbox.drain()
    const texts = arkesel.sent.filter((sms) => sms.recipients.includes('233244556677')).map((sms) => sms.message)
    expect(texts).toHaveLength(2)
    const link = `http://${shop.slug}.shops.test/orders/${order._id}?key=${order.accessKey}`
    expect(texts.find((text) => text.includes(`we have your order ${order.orderId}`))).toContain(link)
    expect(texts.find((text) => text.includes(`your order ${order.orderId} is canceled`))).toContain(`/orders/${order._id}`)
    const emails = (await listOutboxMessages(db)).filter((row) => row.event.startsWith(`order:${order._id}:`) && row.channel === 'email' && !row.kind.startsWith('staff-'))
    expect(emails).toEqual([])
  })

  it('pays online: Paystack is initialized with the address derived from the phone', async () => {
    const order = await placePhoneOnly({ phone: '020 123 4567', payment: { provider: 'paystack' } })
    expect(order.payment, JSON.stringify(order.payment)).toMatchObject({ provider: 'paystack', status: 'pending' })
    expect(order.payment.redirectUrl).toMatch(/^https?:/)
    const initialized = [...paystack.initialized.values()].find((init) => init.metadata.orderId === order.orderId)
    expect(initialized?.email).toBe('233201234567@phone.shops.test')
    // A buyer's own address is used when there is one; an order with neither falls back on its id.
    expect(payerEmail('shops.test:8080', { id: 'x', email: 'ama@example.com', phone: '+233201234567' })).toBe('ama@example.com')
    expect(payerEmail('shops.test:8080', { id: 'abc', email: '', phone: '' })).toBe('order-abc@phone.shops.test')
  })

  it('counts each phone on its own against the cap on orders waiting for the shop, not every e-mail-less order as one', async () => {
    // The cap is 1: a second buyer with no e-mail still orders; the same phone again is refused.
    await placePhoneOnly({ phone: '0277000001', payment: { provider: 'manual' } })
    await placePhoneOnly({ phone: '0277000002', payment: { provider: 'manual' } })
    const again = await post('orders', { items: scarves, delivery: { type: 'pick-up' }, phone: '0277000001', payment: { provider: 'manual' } })
    expect(again.statusCode, again.body).toBe(409)
    expect(errorBody(again).errors?.[0]?.path).toBe('phone')
  })

  it('replays a phone-only order for the same Idempotency-Key', async () => {
    const body = { items: scarves, delivery: { type: 'pick-up' }, phone: '0244000111', payment: { provider: 'paystack' } }
    const send = () => ctx.app.inject({ method: 'POST', url: `/api/orders/?shop=${shop.id}`, headers: { 'idempotency-key': 'esi-1' }, payload: body })
    const first = await send()
    const again = await send()
    expect(first.statusCode, first.body).toBe(201)
    expect(again.statusCode, again.body).toBe(200)
    expect(again.json()._id).toBe(first.json()._id)
    // The same key with another buyer's phone is another request.
    const other = await ctx.app.inject({ method: 'POST', url: `/api/orders/?shop=${shop.id}`, headers: { 'idempotency-key': 'esi-1' }, payload: { ...body, phone: '0244000222' } })
    expect(other.statusCode).toBe(422)
  })
})
