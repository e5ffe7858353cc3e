/**
 * Refunds and returns (decision 59), through the API as staff use it, with a local Paystack behind the same
 * client the real one uses: who may refund, never more than was paid and not yet refunded (also when
 * requests race), returns that put units back on sale and never more than went out, Paystack's Refund API
 * and its webhooks, the buyer's message, the staff's notification, the overview's net sales and refunds
 * due, and other shops kept out.
 */
import type { Order } from '@shop/domain/schemas/orders'
import type { ShopOverview } from '@shop/domain/schemas/overview'
import type { Refund } from '@shop/domain/schemas/refunds'
import type { Page } from '@shop/domain/schemas/wire'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { financialAccounts, inventory, notifications, orderEvents, refunds, shopConfigs, transactions } from '../src/db/schema'
import { templates } from '../src/modules/messages/templates'
import { commerceFixtures } from './commerce-fixtures'
import { startFakePaystack } from './fake-paystack'
import { type TestUser, createStaffedShop, errorBody, setupApp } from './helpers'
import { listOutboxMessages } from './outbox-rows'

const fake = await startFakePaystack()
afterAll(() => fake.close())
const ctx = await setupApp({ paystackSecretKey: fake.secretKey, paystackBaseUrl: fake.url })
const db = ctx.database.db
const { shop, otherShop, owner, administrator, manager, keeper, shopper, outsider } = await createStaffedShop(ctx)
const { addProduct } = commerceFixtures(ctx, shop.id)

await db
  .update(shopConfigs)
  .set({ paymentOptions: [{ provider: 'paystack', enabled: true }, { provider: 'manual', enabled: true }] })
  .where(eq(shopConfigs.shopId, shop.id))
// Online payments need the shop's verified payout account (its Paystack subaccount).
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
const scarf = await addProduct({ title: 'Kente scarf', priceMinor: 10_000 })
const shirt = await addProduct({
  title: 'Batik shirt',
  priceMinor: 5_000,
  variants: [
    { _id: 'm', features: { size: 'M' } },
    { _id: 'l', features: { size: 'L' } },
  ],
})
await db.insert(inventory).values([
  { shopId: shop.id, productId: scarf.id, variantId: '', quantity: 100, tracked: true },
  { shopId: shop.id, productId: shirt.id, variantId: 'm', quantity: 50, tracked: true },
  { shopId: shop.id, productId: shirt.id, variantId: 'l', quantity: 50, tracked: true },
])

// Deliberately loose: the tests also send bodies the route's schema refuses.
type Body = Record<string, unknown>

async function place(items: Body[], provider: 'manual' | 'paystack' = 'manual'): Promise<Order> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/orders/?shop=${shop.id}`,
    headers: shopper.headers,
    payload: { items, delivery: { type: 'pick-up' }, payment: { provider } },
  })
  expect(response.statusCode, response.body).toBe(201)
  return response.json()
}

/** A pick-up order paid in cash in full (GHS 100 a scarf, GHS 50 a shirt). */
async function paidInCash(items: Body[], amount: number): Promise<Order> {
  const order = await place(items)
  const paid = await ctx.app.inject({ method: 'POST', url: '/api/transactions/', headers: keeper.headers, payload: { order: order._id, method: 'cash', amount } })
  expect(paid.statusCode, paid.body).toBe(201)
  return order
}

/** An order paid through (the fake) Paystack, settled by its charge.success webhook. */
async function paidWithPaystack(items: Body[]): Promise<{ order: Order; reference: string }> {
  const order = await place(items, 'paystack')
  const [attempt] = await db.select().from(transactions).where(eq(transactions.id, order.payment.transaction!))
  fake.pay(attempt!.reference)
  const hook = fake.chargeSuccess(attempt!.reference)
  const settled = await webhook(hook)
  expect(settled.statusCode, settled.body).toBe(200)
  return { order, reference: attempt!.reference }
}

const refund = (body: Body, user: TestUser = manager) => ctx.app.inject({ method: 'POST', url: '/api/refunds/', headers: user.headers, payload: body })
const list = (query: string, user: TestUser = keeper) => ctx.app.inject({ method: 'GET', url: `/api/refunds/?${query}`, headers: user.headers })
const getOrder = async (id: string) => (await ctx.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: keeper.headers })).json<Order>()
const webhook = (hook: { payload: string; headers: Record<string, string> }) =>
  ctx.app.inject({ method: 'POST', url: '/api/payments/paystack/webhook', headers: hook.headers, payload: hook.payload })
const stock = async (productId: string, variantId = '') =>
  (await db.select().from(inventory).where(and(eq(inventory.productId, productId), eq(inventory.variantId, variantId))))[0]!.quantity
/** The timeline's notes, oldest first, with Intl's no-break space after the currency as a plain one. */
const notes = async (orderId: string) =>
  (await db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(orderEvents.createdAt)).map((event) => event.note.replace(/\u00a0/g, ' '))
const refundRows = (orderId: string) => db.select().from(refunds).where(eq(refunds.orderId, orderId))

beforeEach(() => {
  fake.reset()
  fake.subaccounts.set('ACCT_kente', {
    subaccount_code: 'ACCT_kente',
    business_name: shop.title,
    settlement_bank: 'MTN',
    account_number: '0244123456',
    account_name: 'Kente Shop',
    percentage_charge: 0,
    description: '',
    active: true,
  })
})

describe('POST /api/refunds/ (recorded: cash, mobile money, bank transfer)', () => {
  it('lets managers, administrators and owners refund; keepers get 403 and another shop\'s staff 404', async () => {
    const order = await paidInCash([{ product: scarf.id, count: 1 }], 100)
    const body = { order: order._id, amount: 5, method: 'cash', reason: 'Late pick-up' }
    const refused = await refund(body, keeper)
    expect(refused.statusCode).toBe(403)
    expect(errorBody(refused).message).toMatch(/^Only managers, administrators and owners may refund orders/)
    expect((await refund(body, outsider)).statusCode).toBe(404)
    expect((await refund(body, shopper)).statusCode).toBe(404)
    expect((await ctx.app.inject({ method: 'POST', url: '/api/refunds/', payload: body })).statusCode).toBe(401)
    expect(await refundRows(order._id)).toEqual([])
    for (const user of [manager, administrator, owner]) expect((await refund(body, user)).statusCode).toBe(201)
    expect(await refundRows(order._id)).toHaveLength(3)
  })

  it('records the refund at once, notes the timeline, tells the buyer (e-mail) and the other staff, and the order answers refunded', async () => {
    const order = await paidInCash([{ product: scarf.id, count: 1 }], 100)
    const before = await db.select().from(notifications).where(eq(notifications.shopId, shop.id))
    const response = await refund({ order: order._id, amount: 20.5, method: 'mobile-money', reason: 'Frayed edge', reference: 'MM-7781' })
    expect(response.statusCode, response.body).toBe(201)
    const given = response.json<Refund>()
    expect(given).toMatchObject({
      order: order._id,
      amount: { value: 20.5, currency: 'GHS' },
      method: 'mobile-money',
      reason: 'Frayed edge',
      reference: 'MM-7781',
      status: 'succeeded',
      restock: [],
      createdBy: { _id: manager.id },
    })

    // The ledger: paid stays what was paid, refunded is counted, and a part refund does not make it owe again.
    expect(await getOrder(order._id)).toMatchObject({ paid: 100, refunded: { value: 20.5, currency: 'GHS' }, balance: 0 })
    expect((await notes(order._id)).at(-1)).toBe('Refunded GHS 20.50 by mobile money (reference MM-7781): Frayed edge')

    const [message] = await listOutboxMessages(db, { event: `order:${order._id}:refund:${given._id}`, kind: 'order-refunded' })
    expect(message).toMatchObject({ channel: 'email', recipient: shopper.email.toLowerCase() })
    const data = message!.data as Parameters<NonNullable<typeof templates['order-refunded']['email']>>[0]
    const email = templates['order-refunded'].email!({ ...data, path: `/account/orders/${order._id}` }, { name: 'Kente', origin: 'http://kente.test', logoUrl: null, providerName: 'Shoplet' })
    expect(email.subject).toBe(`Refund for order ${order.orderId}`)
    expect(email.text.replace(/\u00a0/g, ' ')).toContain(`We refunded GHS 20.50 for order ${order.orderId} by mobile money.`)
    expect(email.text).toContain('Reason: Frayed edge')

    const told = (await db.select().from(notifications).where(eq(notifications.shopId, shop.id))).filter((n) => !before.some((b) => b.id === n.id))
    expect(told.map((n) => n.userId).sort()).toEqual([owner.id, administrator.id, keeper.id].sort())
    expect(told[0]).toMatchObject({ type: 'refund', link: `/admin/orders/${order._id}` })
    expect(told[0]!.title.replace(/\u00a0/g, ' ')).toBe(`Refund of GHS 20.50 on order ${order.orderId}`)

    // Listed for the shop's staff, for the order and for the shop.
    const forOrder = await list(`shop=${shop.id}&order=${order._id}`)
    expect(forOrder.statusCode, forOrder.body).toBe(200)
    expect(forOrder.json()).toMatchObject({ total: 1, data: [{ _id: given._id, createdBy: { _id: manager.id } }] })
    expect((await list(`shop=${shop.id}`)).json<Page<Refund>>().data.map((r) => r._id)).toContain(given._id)
  })

  it('never refunds more than was paid less what was refunded (409, nothing written), even when requests race', async () => {
    const order = await paidInCash([{ product: scarf.id, count: 1 }], 100)
    const over = await refund({ order: order._id, amount: 100.01, method: 'cash', reason: 'Too much' })
    expect(over.statusCode).toBe(409)
    expect(errorBody(over).message.replace(/\u00a0/g, ' ')).toBe(`At most GHS 100.00 can still be refunded on order ${order.orderId}`)

    // Five refunds of GHS 30 at once on GHS 100: three fit, two are refused.
    const raced = await Promise.all(Array.from({ length: 5 }, () => refund({ order: order._id, amount: 30, method: 'cash', reason: 'Split' })))
    expect(raced.map((response) => response.statusCode).sort()).toEqual([201, 201, 201, 409, 409])
    expect((await refundRows(order._id)).reduce((sum, row) => sum + row.amountMinor, 0)).toBe(9_000)
    expect((await getOrder(order._id)).refunded).toEqual({ value: 90, currency: 'GHS' })

    const unpaid = await place([{ product: scarf.id, count: 1 }])
    const nothing = await refund({ order: unpaid._id, amount: 1, method: 'cash', reason: 'No' })
    expect(nothing.statusCode).toBe(409)
    expect(errorBody(nothing).message).toMatch(/Nothing was paid/)
  })

  it('refuses bad input with a 400 and changes nothing', async () => {
    const order = await paidInCash([{ product: scarf.id, count: 1 }], 100)
    for (const body of [
      { order: order._id, amount: 0, method: 'cash', reason: 'Zero without a return' },
      { order: order._id, amount: 1.005, method: 'cash', reason: 'Three decimals' },
      { order: order._id, amount: -1, method: 'cash', reason: 'Negative' },
      { order: order._id, amount: 1, method: 'cheque', reason: 'Unknown method' },
      { order: order._id, amount: 1, method: 'cash', reason: ' ' },
      { order: order._id, amount: 1, method: 'cash' },
      { order: order._id, amount: '1', method: 'cash', reason: 'A string' },
      { order: order._id, amount: 1, method: 'cash', reason: 'Extra', extra: true },
      { order: 'not-a-uuid', amount: 1, method: 'cash', reason: 'Bad id' },
      { order: order._id, amount: 0, method: 'cash', reason: 'Not on the order', restock: [{ product: shirt.id, variant: 'm', count: 1 }] },
      { order: order._id, amount: 0, method: 'cash', reason: 'Zero count', restock: [{ product: scarf.id, count: 0 }] },
    ]) {
      const response = await refund(body)
      expect(response.statusCode, JSON.stringify(body)).toBe(400)
      errorBody(response)
    }
    expect(await refundRows(order._id)).toEqual([])
    expect((await refund({ order: '00000000-0000-4000-8000-000000000000', amount: 1, method: 'cash', reason: 'Unknown' })).statusCode).toBe(404)
  })
})

describe('returns (restock)', () => {
  it('puts returned units back on sale in the same step, never more than went out less earlier returns (409 naming the item)', async () => {
    const order = await paidInCash(
      [
        { product: scarf.id, count: 2 },
        { product: shirt.id, variant: 'm', count: 3 },
      ],
      250,
    )
    const [scarves, shirts] = [await stock(scarf.id), await stock(shirt.id, 'm')]

    // A return without money back: a refund of 0 with restock.
    const back = await refund({ order: order._id, amount: 0, method: 'cash', reason: 'Wrong size', restock: [{ product: shirt.id, variant: 'm', count: 2 }] })
    expect(back.statusCode, back.body).toBe(201)
    expect(back.json()).toMatchObject({ amount: { value: 0 }, status: 'succeeded', restock: [{ product: shirt.id, variant: 'm', count: 2 }] })
    expect(await stock(shirt.id, 'm')).toBe(shirts + 2)
    expect((await notes(order._id)).at(-1)).toBe('Return without money back: Wrong size. Back on sale: Batik shirt (M) × 2')
    expect((await getOrder(order._id)).refunded).toEqual({ value: 0, currency: 'GHS' })

    // One shirt is still out; two more cannot come back.
    const tooMany = await refund({ order: order._id, amount: 50, method: 'cash', reason: 'Again', restock: [{ product: shirt.id, variant: 'm', count: 2 }] })
    expect(tooMany.statusCode).toBe(409)
    expect(errorBody(tooMany)).toMatchObject({
      message: 'Cannot take back that many of Batik shirt (M): only 1 of 3 can still come back',
      errors: [{ path: 'restock.0.count', message: 'only 1 of 3 can still come back' }],
    })
    expect(await stock(shirt.id, 'm')).toBe(shirts + 2)

    // Money back with the last shirt and both scarves; the scarf has no variants to name.
    const last = await refund({
      order: order._id,
      amount: 150,
      method: 'bank-transfer',
      reason: 'Returned',
      restock: [
        { product: shirt.id, variant: 'm', count: 1 },
        { product: scarf.id, count: 1 },
        { product: scarf.id, count: 1 },
      ],
    })
    expect(last.statusCode, last.body).toBe(201)
    expect(last.json().restock).toEqual([
      { product: shirt.id, variant: 'm', count: 1 },
      { product: scarf.id, variant: null, count: 2 },
    ])
    expect([await stock(scarf.id), await stock(shirt.id, 'm')]).toEqual([scarves + 2, shirts + 3])
    const none = await refund({ order: order._id, amount: 0, method: 'cash', reason: 'Nothing left', restock: [{ product: scarf.id, count: 1 }] })
    expect(none.statusCode).toBe(409)
    expect(errorBody(none).message).toBe('Cannot take back that many of Kente scarf: all of them are already back')
  })

  it('takes each unit back once when returns race, and a cancel gives back only what is still out', async () => {
    const order = await place([{ product: shirt.id, variant: 'l', count: 2 }])
    const before = await stock(shirt.id, 'l')
    const raced = await Promise.all(
      Array.from({ length: 4 }, () => refund({ order: order._id, amount: 0, method: 'cash', reason: 'Race', restock: [{ product: shirt.id, variant: 'l', count: 1 }] })),
    )
    expect(raced.map((response) => response.statusCode).sort()).toEqual([201, 201, 409, 409])
    expect(await stock(shirt.id, 'l')).toBe(before + 2)

    const other = await place([{ product: shirt.id, variant: 'l', count: 3 }])
    const afterPlacing = await stock(shirt.id, 'l')
    expect((await refund({ order: other._id, amount: 0, method: 'cash', reason: 'One back', restock: [{ product: shirt.id, variant: 'l', count: 1 }] })).statusCode).toBe(201)
    const canceled = await ctx.app.inject({ method: 'PATCH', url: `/api/orders/${other._id}`, headers: keeper.headers, payload: { status: 'canceled' } })
    expect(canceled.statusCode, canceled.body).toBe(200)
    expect(await stock(shirt.id, 'l')).toBe(afterPlacing + 3)
    const after = await refund({ order: other._id, amount: 0, method: 'cash', reason: 'Late', restock: [{ product: shirt.id, variant: 'l', count: 1 }] })
    expect(after.statusCode).toBe(409)
    expect(errorBody(after).message).toMatch(/is canceled: its items went back on sale/)
  })
})

describe('refunds through Paystack', () => {
  it('reaches Paystack\'s Refund API with the payment\'s reference and the amount, pending until refund.processed', async () => {
    const { order, reference } = await paidWithPaystack([{ product: scarf.id, count: 1 }])
    const response = await refund({ order: order._id, amount: 40, method: 'paystack', reason: 'Damaged box' })
    expect(response.statusCode, response.body).toBe(201)
    const given = response.json<Refund>()
    expect(given).toMatchObject({ method: 'paystack', status: 'pending', amount: { value: 40, currency: 'GHS' } })
    const call = fake.requests.find((r) => r.method === 'POST' && r.path === '/refund')!
    expect(call.authorization).toBe(`Bearer ${fake.secretKey}`)
    expect(call.body).toMatchObject({ transaction: reference, amount: 4_000, currency: 'GHS' })
    const [row] = await refundRows(order._id)
    const [sent] = [...fake.refunds.values()].filter((r) => r.transaction === reference)
    expect(row).toMatchObject({ status: 'pending', providerReference: String(sent!.id) })
    // Pending already counts: it cannot be given twice.
    expect(await getOrder(order._id)).toMatchObject({ refunded: { value: 40 }, paid: 100 })
    expect((await notes(order._id)).at(-1)).toBe('Refund of GHS 40.00 through Paystack, to the card or wallet that paid, on its way: Damaged box')
    const [message] = await listOutboxMessages(db, { event: `order:${order._id}:refund:${given._id}` })
    expect(message!.data).toMatchObject({ refund: { amountMinor: 4_000, pending: true, reason: 'Damaged box' } })

    const processed = fake.refundEvent(sent!.id, 'processed')
    expect((await webhook(processed)).statusCode).toBe(200)
    expect((await refundRows(order._id))[0]!.status).toBe('succeeded')
    expect((await notes(order._id)).at(-1)).toBe('Paystack refunded GHS 40.00 to the card or wallet that paid')
    // A repeated delivery changes nothing more; a forged one is refused.
    const events = (await notes(order._id)).length
    expect((await webhook(processed)).statusCode).toBe(200)
    expect((await notes(order._id)).length).toBe(events)
    expect((await webhook({ payload: processed.payload, headers: { 'content-type': 'application/json', 'x-paystack-signature': 'f'.repeat(128) } })).statusCode).toBe(401)
  })

  it('a failed refund stops counting, is noted and tells the staff who may refund', async () => {
    const { order, reference } = await paidWithPaystack([{ product: scarf.id, count: 1 }])
    expect((await refund({ order: order._id, amount: 100, method: 'paystack', reason: 'Canceled by phone' })).statusCode).toBe(201)
    const [sent] = [...fake.refunds.values()].filter((r) => r.transaction === reference)
    expect((await refund({ order: order._id, amount: 1, method: 'cash', reason: 'More' })).statusCode).toBe(409)

    const before = await db.select().from(notifications).where(eq(notifications.type, 'refund-failed'))
    expect((await webhook(fake.refundEvent(sent!.id, 'failed'))).statusCode).toBe(200)
    expect((await refundRows(order._id))[0]!.status).toBe('failed')
    expect((await getOrder(order._id)).refunded).toEqual({ value: 0, currency: 'GHS' })
    expect((await notes(order._id)).at(-1)).toMatch(/^The Paystack refund of GHS.100\.00 failed: it no longer counts as refunded/)
    const told = (await db.select().from(notifications).where(eq(notifications.type, 'refund-failed'))).slice(before.length)
    expect(told.map((n) => n.userId).sort()).toEqual([owner.id, administrator.id, manager.id].sort())
    // The money can be given back another way now.
    expect((await refund({ order: order._id, amount: 100, method: 'cash', reason: 'Paid back at the shop' })).statusCode).toBe(201)
  })

  it('finds a refund whose Paystack id it has not written yet by its payment and amount, and never another\'s', async () => {
    const { order, reference } = await paidWithPaystack([{ product: scarf.id, count: 1 }])
    expect((await refund({ order: order._id, amount: 25, method: 'paystack', reason: 'Early event' })).statusCode).toBe(201)
    const [sent] = [...fake.refunds.values()].filter((r) => r.transaction === reference)
    // As if Paystack's event came before our own write of its id.
    await db.update(refunds).set({ providerReference: null }).where(eq(refunds.orderId, order._id))
    // An event of a refund of another amount (made on Paystack's dashboard, say) moves nothing.
    const other = JSON.parse(fake.refundEvent(sent!.id, 'processed').payload) as { event: string; data: Record<string, unknown> }
    const stranger = JSON.stringify({ ...other, data: { ...other.data, id: '999', amount: 1_000 } })
    expect((await webhook({ payload: stranger, headers: { 'content-type': 'application/json', 'x-paystack-signature': fake.sign(stranger) } })).statusCode).toBe(200)
    expect((await refundRows(order._id))[0]!.status).toBe('pending')

    expect((await webhook(fake.refundEvent(sent!.id, 'processed'))).statusCode).toBe(200)
    expect((await refundRows(order._id))[0]).toMatchObject({ status: 'succeeded', providerReference: String(sent!.id) })
  })

  it('answers 502 when Paystack cannot be reached and Paystack\'s own refusal, writing nothing', async () => {
    const { order } = await paidWithPaystack([{ product: scarf.id, count: 1 }])
    for (const failure of ['down', 'refuse'] as const) {
      fake.fail('refund', failure)
      const response = await refund({ order: order._id, amount: 10, method: 'paystack', reason: 'Try', restock: [{ product: scarf.id, count: 1 }] })
      expect(response.statusCode).toBe(502)
      expect(errorBody(response).message).toMatch(failure === 'down' ? /Paystack could not be reached/ : /Paystack could not refund the payment: Currency not supported/)
    }
    expect(await refundRows(order._id)).toEqual([])
    expect((await notes(order._id)).some((note) => note.includes('Refund'))).toBe(false)
  })

  it('is only for an order paid through Paystack, and never more than is left of its payment', async () => {
    const cash = await paidInCash([{ product: scarf.id, count: 1 }], 100)
    const refused = await refund({ order: cash._id, amount: 10, method: 'paystack', reason: 'Wrong way' })
    expect(refused.statusCode).toBe(409)
    expect(errorBody(refused).message).toMatch(/was not paid through Paystack/)
    expect(fake.requests.some((r) => r.path === '/refund')).toBe(false)
  })
})

describe('the overview', () => {
  it('counts sales net of refunds and lists refunds due', async () => {
    const overview = async () => {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/shop-overview/${shop.id}`, headers: keeper.headers })
      expect(response.statusCode, response.body).toBe(200)
      return response.json<ShopOverview>()
    }
    const start = await overview()
    const order = await paidInCash([{ product: scarf.id, count: 1 }], 100)
    expect((await overview()).period.sales).toBeCloseTo(start.period.sales + 100, 2)
    expect((await refund({ order: order._id, amount: 30, method: 'cash', reason: 'Goodwill' })).statusCode).toBe(201)
    expect((await overview()).period.sales).toBeCloseTo(start.period.sales + 70, 2)

    // Canceled with GHS 70 still held: a refund due until it is given back.
    await ctx.app.inject({ method: 'PATCH', url: `/api/orders/${order._id}`, headers: keeper.headers, payload: { status: 'canceled' } })
    expect((await overview()).todo.refundsDue).toBe(start.todo.refundsDue + 1)
    expect(await getOrder(order._id)).toMatchObject({ refundDue: { value: 70 }, paymentState: 'refund-due' })
    // The to-do line opens the orders with money to give back.
    const owedBack = async () =>
      ((await ctx.app.inject({ method: 'GET', url: `/api/orders/?shop=${shop.id}&refundDue=true&$limit=100`, headers: keeper.headers })).json<Page<Order>>()).data.map((listed) => listed._id)
    expect(await owedBack()).toContain(order._id)
    expect((await owedBack()).length).toBe(start.todo.refundsDue + 1)
    expect((await refund({ order: order._id, amount: 70, method: 'cash', reason: 'Canceled' })).statusCode).toBe(201)
    expect((await overview()).todo.refundsDue).toBe(start.todo.refundsDue)
    expect(await owedBack()).not.toContain(order._id)
    expect(await getOrder(order._id)).toMatchObject({ refundDue: { value: 0 }, paymentState: 'refunded' })
  })
})

describe('other shops', () => {
  it('never see or touch another shop\'s refunds', async () => {
    const order = await paidInCash([{ product: scarf.id, count: 1 }], 100)
    expect((await refund({ order: order._id, amount: 5, method: 'cash', reason: 'Mine', reference: 'R-1' })).statusCode).toBe(201)
    expect((await list(`shop=${otherShop.id}&order=${order._id}`, outsider)).statusCode).toBe(404)
    expect((await list(`shop=${shop.id}&order=${order._id}`, outsider)).statusCode).toBe(404)
    const theirs = await list(`shop=${otherShop.id}`, outsider)
    expect(theirs.statusCode).toBe(200)
    expect(theirs.json()).toMatchObject({ total: 0, data: [] })
    expect((await list(`order=${order._id}`, outsider)).statusCode).toBe(404)
    expect((await list('')).statusCode).toBe(400)
    // The buyer sees what came back, but not who gave it nor the staff's reference.
    const buyer = await list(`order=${order._id}`, shopper)
    expect(buyer.statusCode, buyer.body).toBe(200)
    expect(buyer.json()).toMatchObject({ total: 1, data: [{ amount: { value: 5 }, method: 'cash', reference: null, createdBy: null }] })
    expect((await ctx.app.inject({ method: 'GET', url: `/api/refunds/?order=${order._id}` })).statusCode).toBe(401)
    expect((await list(`shop=${shop.id}&status=nope&$sort[amount]=1`)).statusCode).toBe(400)
  })
})
