import type { Order } from '@shop/domain/schemas/orders'
import type { Transaction } from '@shop/domain/schemas/payments'
import type { Page } from '@shop/domain/schemas/wire'
import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../src/config'
import { financialAccounts, inventory, notifications, orderEvents, orders, products, shopConfigs, shopDomains, transactions } from '../src/db/schema'
import { productFactory } from '../src/seed/factories'
import { startFakePaystack } from './fake-paystack'
import { type TestUser, createStaffedShop, createUser, errorBody, setupApp } from './helpers'

const fake = await startFakePaystack()
afterAll(() => fake.close())
const ctx = await setupApp({ paystackSecretKey: fake.secretKey, paystackBaseUrl: fake.url })
const db = ctx.database.db
const { shop, otherShop, owner, administrator, manager, keeper, shopper, outsider } = await createStaffedShop(ctx)

// Paystack settles to the shop's own payout account (decision 58; payouts.test.ts): it has one before it takes any.
fake.holder('MTN', '0244124567', 'AMA MENSAH')
const payout = await ctx.app.inject({
  method: 'POST',
  url: '/api/financial-accounts/',
  headers: owner.headers,
  payload: { shop: shop.id, payout: true, kind: 'mobile-money', bankCode: 'MTN', accountNumber: '0244124567' },
})
expect(payout.statusCode, payout.body).toBe(201)
const [payoutRow] = await db.select({ subaccountCode: financialAccounts.subaccountCode }).from(financialAccounts).where(eq(financialAccounts.shopId, shop.id))
const subaccountCode = payoutRow!.subaccountCode
await db
  .update(shopConfigs)
  .set({ paymentOptions: [{ provider: 'paystack', enabled: true }, { provider: 'manual', enabled: true }] })
  .where(eq(shopConfigs.shopId, shop.id))
const [product] = await db.insert(products).values(productFactory(shop.id, { title: 'Kente scarf', priceMinor: 10_000 })).returning()
await db.insert(inventory).values({ shopId: shop.id, productId: product!.id, variantId: '', quantity: 10_000, tracked: true })

const body = { items: [{ product: product!.id, count: 1 }], delivery: { type: 'pick-up' }, payment: { provider: 'paystack' } }

async function place(options: { user?: TestUser; email?: string; headers?: Record<string, string> } = {}): Promise<Order> {
  const params = new URLSearchParams({ shop: shop.id })
  if (options.email) params.set('email', options.email)
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/orders/?${params}`,
    headers: { ...options.user?.headers, ...options.headers },
    payload: body,
  })
  expect(response.statusCode, response.body).toBe(201)
  return response.json()
}

const patch = (id: string, payload: unknown, user?: TestUser, key?: string) =>
  ctx.app.inject({
    method: 'PATCH',
    url: `/api/transactions/${id}${key ? `?key=${key}` : ''}`,
    headers: user?.headers,
    payload: payload as object,
  })

const webhook = (payload: string, headers: Record<string, string>) =>
  ctx.app.inject({ method: 'POST', url: '/api/payments/paystack/webhook', headers, payload })

async function transactionRow(id: string) {
  const [row] = await db.select().from(transactions).where(eq(transactions.id, id))
  return row!
}
async function orderRow(id: string) {
  const [row] = await db.select().from(orders).where(eq(orders.id, id))
  return row!
}
const eventsOf = (orderId: string) => db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.createdAt))
const paymentNotifications = async () =>
  (await db.select().from(notifications).where(eq(notifications.shopId, shop.id))).filter((n) => n.type === 'payment-received')

/** Everything a settled payment may touch, to compare before and after. */
async function snapshot(order: Order) {
  const row = await orderRow(order._id)
  const attempts = await db.select().from(transactions).where(eq(transactions.orderId, order._id)).orderBy(asc(transactions.createdAt))
  return {
    acked: row.acked,
    updatedAt: row.updatedAt.toISOString(),
    attempts: attempts.map((t) => ({ id: t.id, status: t.status, details: t.details, updatedAt: t.updatedAt.toISOString() })),
    events: (await eventsOf(order._id)).length,
    notifications: (await paymentNotifications()).length,
  }
}

beforeEach(() => fake.reset())

describe('placing an order paid with Paystack', () => {
  it('opens a pending attempt and answers Paystack\'s pay page; the order is not acked yet', async () => {
    const order = await place({ user: shopper })
    expect(order).toMatchObject({ acked: false, amountDue: 100, payment: { provider: 'paystack', status: 'pending' } })
    expect(order.payment.redirectUrl).toMatch(/^https:\/\/checkout\.paystack\.com\/[0-9a-f]+$/)
    const row = await transactionRow(order.payment.transaction!)
    expect(row).toMatchObject({ orderId: order._id, shopId: shop.id, provider: 'paystack', amountMinor: 10_000, currency: 'GHS', status: 'pending' })
    expect(row.reference).toMatch(new RegExp(`^${order.orderId}-[0-9a-f]{16}$`))

    const sent = fake.initialized.get(row.reference)!
    expect(sent).toEqual({
      email: shopper.email,
      amount: 10_000,
      currency: 'GHS',
      reference: row.reference,
      callback_url: `http://${shop.slug}.shops.test/orders/${order._id}?transaction=${row.id}`,
      metadata: { orderId: order.orderId, shop: shop.id },
      subaccount: subaccountCode,
      bearer: 'subaccount',
    })
    expect(fake.requests[0]!.authorization).toBe(`Bearer ${fake.secretKey}`)
  })

  it('sends an anonymous buyer back to the private link, on the shop\'s own origin but never another', async () => {
    await db.insert(shopDomains).values({ shopId: shop.id, domain: 'kente.example.com', status: 'verified', verificationToken: 'kente-token' })
    const mine = await place({ email: 'ama@example.com', headers: { origin: 'https://kente.example.com' } })
    const reference = (await transactionRow(mine.payment.transaction!)).reference
    expect(fake.initialized.get(reference)!.callback_url).toBe(
      `https://kente.example.com/orders/${mine._id}?key=${mine.accessKey}&transaction=${mine.payment.transaction}`,
    )
    // Another shop's host or any other site is not where a pay page may send the buyer.
    for (const origin of ['https://evil.example', `http://${otherShop.slug}.shops.test`]) {
      const order = await place({ email: 'ama@example.com', headers: { origin } })
      const sent = fake.initialized.get((await transactionRow(order.payment.transaction!)).reference)!
      expect(new URL(sent.callback_url).origin).toBe(`http://${shop.slug}.shops.test`)
    }
  })

  it('leaves the order placed and unacked with a failed attempt when Paystack is down; the buyer retries', async () => {
    fake.fail('initialize', 'down')
    const order = await place({ user: shopper })
    expect(order).toMatchObject({ acked: false, payment: { provider: 'paystack', status: 'failed', redirectUrl: null } })
    expect(order.payment.error).toMatch(/Paystack could not be reached/)
    expect((await orderRow(order._id)).status).toBe('placed')
    const failed = await transactionRow(order.payment.transaction!)
    expect(failed.status).toBe('failed')

    // Nothing reached Paystack, so there is nothing to ask it about.
    const calls = fake.requests.length
    const verified = await patch(failed.id, { action: 'verify' }, shopper)
    expect(verified.json()).toMatchObject({ status: 'failed', error: order.payment.error })
    expect(fake.requests.length).toBe(calls)

    fake.fail('initialize', null)
    const response = await patch(failed.id, { action: 'retry' }, shopper)
    expect(response.statusCode, response.body).toBe(200)
    const retried: Transaction = response.json()
    expect(retried).toMatchObject({ order: order._id, provider: 'paystack', status: 'pending', amount: { value: 100, currency: 'GHS' }, error: null })
    expect(retried._id).not.toBe(failed.id)
    expect(retried.redirectUrl).toMatch(/^https:\/\/checkout\.paystack\.com\//)
    expect(retried.reference).not.toBe(failed.reference)
    expect((await transactionRow(failed.id)).status).toBe('failed')

    // Only the newest attempt can be retried.
    const stale = await patch(failed.id, { action: 'retry' }, shopper)
    expect(stale.statusCode).toBe(409)
    expect(errorBody(stale).errors?.[0]?.message).toContain(retried._id)

    // Paying the new attempt settles the order.
    fake.pay(retried.reference)
    const hook = fake.chargeSuccess(retried.reference)
    expect((await webhook(hook.payload, hook.headers)).statusCode).toBe(200)
    expect((await orderRow(order._id)).acked).toBe(true)
  })

  it('shows Paystack\'s refusal as the payment error', async () => {
    fake.fail('initialize', 'refuse')
    const order = await place({ user: shopper })
    expect(order.payment).toMatchObject({ status: 'failed', error: 'Paystack could not start the payment: Currency not supported by merchant' })
    fake.fail('initialize', 'garbage')
    const garbled = await place({ user: shopper })
    expect(garbled.payment.error).toMatch(/unreadable answer/)
  })
})

describe('POST /api/payments/paystack/webhook', () => {
  it('settles a paid attempt: verified with Paystack, order acked, a timeline note and staff told', async () => {
    const order = await place({ user: shopper })
    const reference = (await transactionRow(order.payment.transaction!)).reference
    const before = (await paymentNotifications()).length
    fake.pay(reference)
    const hook = fake.chargeSuccess(reference)
    const response = await webhook(hook.payload, hook.headers)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toEqual({ received: true })
    expect(fake.requests.some((r) => r.method === 'GET' && r.path === `/transaction/verify/${reference}`)).toBe(true)

    const row = await transactionRow(order.payment.transaction!)
    expect(row.status).toBe('success')
    expect((await orderRow(order._id)).acked).toBe(true)
    const events = await eventsOf(order._id)
    expect(events.at(-1)).toMatchObject({ status: 'placed', note: `Payment of GHS\u00a0100.00 received via Paystack (reference ${reference})` })
    const told = (await paymentNotifications()).slice(before)
    expect(told.map((n) => n.userId).sort()).toEqual([owner.id, administrator.id, manager.id, keeper.id].sort())
    expect(told[0]).toMatchObject({ title: `Payment received for order ${order.orderId}`, link: `/admin/orders?order=${order._id}` })

    // Staff lists of acked orders now show it.
    const listed = await ctx.app.inject({ method: 'GET', url: `/api/orders/?shop=${shop.id}&acked=true&$limit=100`, headers: keeper.headers })
    expect(listed.json<Page<Order>>().data.map((o) => o._id)).toContain(order._id)

    // A repeated delivery changes nothing more and does not even ask Paystack again.
    const settled = await snapshot(order)
    const calls = fake.requests.length
    for (let i = 0; i < 3; i++) expect((await webhook(hook.payload, hook.headers)).statusCode).toBe(200)
    expect(await snapshot(order)).toEqual(settled)
    expect(fake.requests.length).toBe(calls)
    // And neither does a verify.
    const verified = await patch(row.id, { action: 'verify' }, shopper)
    expect(verified.json()).toMatchObject({ status: 'success', error: null })
    expect(await snapshot(order)).toEqual(settled)
  })

  it('settles once when deliveries and verifies arrive at the same time', async () => {
    const order = await place({ user: shopper })
    const id = order.payment.transaction!
    const reference = (await transactionRow(id)).reference
    const before = await snapshot(order)
    fake.pay(reference)
    const hook = fake.chargeSuccess(reference)
    const responses = await Promise.all([
      ...Array.from({ length: 8 }, () => webhook(hook.payload, hook.headers)),
      ...Array.from({ length: 4 }, () => patch(id, { action: 'verify' }, shopper)),
    ])
    expect(responses.map((r) => r.statusCode)).toEqual(Array(12).fill(200))
    const after = await snapshot(order)
    expect(after.acked).toBe(true)
    expect(after.events).toBe(before.events + 1)
    expect(after.notifications).toBe(before.notifications + 4)
  })

  it('answers 401 and changes nothing for a wrong or missing signature', async () => {
    const order = await place({ user: shopper })
    const reference = (await transactionRow(order.payment.transaction!)).reference
    fake.pay(reference)
    const hook = fake.chargeSuccess(reference)
    const before = await snapshot(order)
    const tampered = hook.payload.replace('"success"', '"success" ')
    const cases: [string, Record<string, string>][] = [
      [hook.payload, { 'content-type': 'application/json' }],
      [hook.payload, { 'content-type': 'application/json', 'x-paystack-signature': '' }],
      [hook.payload, { 'content-type': 'application/json', 'x-paystack-signature': 'abc' }],
      [hook.payload, { 'content-type': 'application/json', 'x-paystack-signature': hook.headers['x-paystack-signature']!.replace(/.$/, (c) => (c === '0' ? '1' : '0')) }],
      [tampered, hook.headers],
      [hook.payload, { 'content-type': 'application/json', 'x-paystack-signature': fake.sign(hook.payload).slice(0, 64) }],
      [hook.payload, { 'content-type': 'text/plain', 'x-paystack-signature': hook.headers['x-paystack-signature']! }],
    ]
    for (const [payload, headers] of cases) {
      const response = await webhook(payload, headers)
      expect(response.statusCode, JSON.stringify(headers)).toBe(401)
      errorBody(response)
    }
    // Signed with another key.
    const other = await startFakePaystack()
    const forged = other.chargeSuccess(reference)
    await other.close()
    expect((await webhook(forged.payload, forged.headers)).statusCode).toBe(401)
    expect(await snapshot(order)).toEqual(before)
    expect(fake.requests.some((r) => r.path.startsWith('/transaction/verify'))).toBe(false)
  })

  it('fails the attempt and leaves the order unacked when the amount or the currency paid does not match', async () => {
    for (const script of [{ amount: 100 }, { currency: 'NGN' }, { amount: 10_001, currency: 'USD' }]) {
      const order = await place({ user: shopper })
      const row = await transactionRow(order.payment.transaction!)
      fake.script(row.reference, { status: 'success', ...script })
      // The webhook's own amount is never believed: only what verify answers.
      const hook = fake.chargeSuccess(row.reference, { amount: 10_000, currency: 'GHS' })
      expect((await webhook(hook.payload, hook.headers)).statusCode).toBe(200)
      const failed = await transactionRow(row.id)
      expect(failed.status).toBe('failed')
      expect(failed.details.error).toMatch(/does not match the order/)
      expect((await orderRow(order._id)).acked).toBe(false)
      const dto = (await patch(row.id, { action: 'verify' }, shopper)).json<Transaction>()
      expect(dto).toMatchObject({ status: 'failed' })
      expect(dto.error).toMatch(script.currency ? /not GHS/ : /GHS\s1\.00 was paid, not GHS\s100\.00/)
      // Repeated deliveries change nothing more.
      const settled = await snapshot(order)
      expect((await webhook(hook.payload, hook.headers)).statusCode).toBe(200)
      expect(await snapshot(order)).toEqual(settled)
    }
  })

  it('answers 200 and changes nothing for unknown references and other events; 502 when Paystack cannot be asked', async () => {
    const order = await place({ user: shopper })
    const reference = (await transactionRow(order.payment.transaction!)).reference
    const before = await snapshot(order)
    const sign = (payload: string) => ({ 'content-type': 'application/json', 'x-paystack-signature': fake.sign(payload) })
    for (const payload of [
      JSON.stringify({ event: 'charge.success', data: { reference: 'NOT-OURS-123', amount: 10_000, currency: 'GHS' } }),
      JSON.stringify({ event: 'charge.success', data: { reference: 42 } }),
      JSON.stringify({ event: 'charge.success', data: {} }),
      JSON.stringify({ event: 'transfer.success', data: { reference } }),
      JSON.stringify({ event: 'charge.success', data: { reference: 'x'.repeat(500) } }),
    ]) {
      const response = await webhook(payload, sign(payload))
      expect(response.statusCode, payload).toBe(200)
    }
    expect(await snapshot(order)).toEqual(before)

    // Malformed but signed: a 400, never a 5xx.
    for (const payload of ['{"event":', '[]', '{"data":{}}', '{"event":1}']) {
      const response = await webhook(payload, sign(payload))
      expect(response.statusCode, payload).toBe(400)
      errorBody(response)
    }

    fake.pay(reference)
    fake.fail('verify', 'down')
    const hook = fake.chargeSuccess(reference)
    const down = await webhook(hook.payload, hook.headers)
    expect(down.statusCode).toBe(502)
    expect(errorBody(down).message).toMatch(/Paystack could not be reached/)
    expect(await snapshot(order)).toEqual(before)
    // Paystack tries again later, and then it goes through.
    fake.fail('verify', null)
    expect((await webhook(hook.payload, hook.headers)).statusCode).toBe(200)
    expect((await orderRow(order._id)).acked).toBe(true)
  })
})

describe('PATCH /api/transactions/{id}', () => {
  it('verifies with Paystack for the buyer, the private-link holder and staff; nothing settles before the money', async () => {
    const order = await place({ user: shopper })
    const id = order.payment.transaction!
    const pending = await patch(id, { action: 'verify' }, shopper)
    expect(pending.statusCode).toBe(200)
    expect(pending.json()).toMatchObject({ _id: id, status: 'pending', error: null })
    expect(pending.json()).not.toHaveProperty('redirectUrl')
    expect((await orderRow(order._id)).acked).toBe(false)

    fake.pay((await transactionRow(id)).reference)
    const paid = await patch(id, { action: 'verify' }, keeper)
    expect(paid.statusCode).toBe(200)
    const dto: Transaction = paid.json()
    expect(Object.keys(dto).sort()).toEqual(['_id', 'amount', 'createdAt', 'error', 'order', 'provider', 'reference', 'status', 'updatedAt'])
    expect(dto).toMatchObject({ order: order._id, provider: 'paystack', status: 'success', amount: { value: 100, currency: 'GHS' } })
    expect((await orderRow(order._id)).acked).toBe(true)

    const anonymous = await place({ email: 'kofi@example.com' })
    const anonymousId = anonymous.payment.transaction!
    fake.pay((await transactionRow(anonymousId)).reference)
    const viaKey = await patch(anonymousId, { action: 'verify' }, undefined, anonymous.accessKey)
    expect(viaKey.statusCode).toBe(200)
    expect(viaKey.json()).toMatchObject({ status: 'success' })
  })

  it('answers 401 anonymous, 404 to strangers, other shops\' staff and wrong keys, 403 to staff retrying, 502 when Paystack is down', async () => {
    const order = await place({ user: shopper })
    const id = order.payment.transaction!
    const before = await snapshot(order)
    expect((await patch(id, { action: 'verify' })).statusCode).toBe(401)
    for (const user of [outsider, await createUser(ctx)]) {
      const response = await patch(id, { action: 'verify' }, user)
      expect(response.statusCode).toBe(404)
      errorBody(response)
      expect((await patch(id, { action: 'retry' }, user)).statusCode).toBe(404)
      expect((await patch(id, { status: 'success' }, user)).statusCode).toBe(404)
    }
    expect((await patch(id, { action: 'verify' }, undefined, 'A'.repeat(43))).statusCode).toBe(404)
    const staffRetry = await patch(id, { action: 'retry' }, keeper)
    expect(staffRetry.statusCode).toBe(403)
    errorBody(staffRetry)
    // A Paystack attempt is confirmed by Paystack, never by hand.
    const byHand = await patch(id, { status: 'success' }, owner)
    expect(byHand.statusCode).toBe(409)
    expect((await patch(id, { status: 'success' }, shopper)).statusCode).toBe(403)
    expect((await patch('00000000-0000-4000-8000-000000000000', { action: 'verify' }, shopper)).statusCode).toBe(404)

    fake.fail('verify', 'http-500')
    const down = await patch(id, { action: 'verify' }, shopper)
    expect(down.statusCode).toBe(502)
    errorBody(down)
    expect(await snapshot(order)).toEqual(before)
  })

  it('retries a pending attempt only after asking Paystack: paid meanwhile is a 409, otherwise it is superseded', async () => {
    const order = await place({ user: shopper })
    const first = await transactionRow(order.payment.transaction!)
    const retried = await patch(first.id, { action: 'retry' }, shopper)
    expect(retried.statusCode).toBe(200)
    expect((await transactionRow(first.id)).status).toBe('abandoned')
    const second: Transaction = retried.json()
    expect(second.status).toBe('pending')

    // The buyer paid on the second page after all, then pressed retry again.
    fake.pay(second.reference)
    const paid = await patch(second._id, { action: 'retry' }, shopper)
    expect(paid.statusCode).toBe(409)
    expect(errorBody(paid).message).toBe('This order is already paid')
    expect((await transactionRow(second._id)).status).toBe('success')
    expect((await orderRow(order._id)).acked).toBe(true)

    // A late payment on the superseded page is still recorded, and staff are told to refund one.
    fake.pay(first.reference)
    const late = fake.chargeSuccess(first.reference)
    expect((await webhook(late.payload, late.headers)).statusCode).toBe(200)
    expect((await transactionRow(first.id)).status).toBe('success')
    expect((await eventsOf(order._id)).at(-1)!.note).toMatch(/already paid: refund one payment/)
  })

  it('answers 400 for bad bodies, ids and keys, never a 5xx, and changes nothing', async () => {
    const order = await place({ user: shopper })
    const id = order.payment.transaction!
    const before = await snapshot(order)
    const bodies: unknown[] = [
      {},
      { action: 'pay' },
      { action: 'verify', status: 'success' },
      { status: 'failed' },
      { status: true },
      { action: 'verify', extra: 1 },
      { action: 'verify', note: 'hi' },
      { status: 'success', note: 'x'.repeat(201) },
      [],
      'verify',
    ]
    for (const payload of bodies) {
      const response = await patch(id, payload, shopper)
      expect(response.statusCode, JSON.stringify(payload)).toBe(400)
      errorBody(response)
    }
    const raw = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/transactions/${id}`,
      headers: { ...shopper.headers, 'content-type': 'application/json' },
      payload: '{"action":',
    })
    expect(raw.statusCode).toBe(400)
    const huge = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/transactions/${id}`,
      headers: { ...shopper.headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ action: 'verify', note: 'x'.repeat(200_000) }),
    })
    expect(huge.statusCode).toBe(413)
    for (const url of [`/api/transactions/not-an-id`, `/api/transactions/${id}?key=short`, `/api/transactions/${id}?other=1`]) {
      const response = await ctx.app.inject({ method: 'PATCH', url, headers: shopper.headers, payload: { action: 'verify' } })
      expect(response.statusCode, url).toBe(400)
      errorBody(response)
    }
    expect(await snapshot(order)).toEqual(before)
  })
})

describe('GET /api/payment-info/ with Paystack configured', () => {
  it('offers Paystack as an instant option and shows no key', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/payment-info/?shop=${shop.id}` })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      shop: shop.id,
      currency: 'GHS',
      options: [
        { provider: 'paystack', label: 'Mobile money or card (Paystack)', instant: true },
        { provider: 'manual', label: 'Pay on delivery or at pick-up', instant: false },
      ],
      payout: true,
    })
    expect(response.body).not.toContain(fake.secretKey)
    expect(response.body).not.toContain('sk_')
    expect(response.body).not.toContain(fake.url)
  })
})

describe('configuration', () => {
  it('reads and checks PAYSTACK_SECRET_KEY and PAYSTACK_BASE_URL', () => {
    const base = { NODE_ENV: 'test' }
    expect(loadConfig(base)).toMatchObject({ paystackSecretKey: null, paystackBaseUrl: 'https://api.paystack.co' })
    expect(loadConfig({ ...base, PAYSTACK_SECRET_KEY: 'sk_live_0123456789abcdef', PAYSTACK_BASE_URL: 'http://127.0.0.1:4010/' })).toMatchObject({
      paystackSecretKey: 'sk_live_0123456789abcdef',
      paystackBaseUrl: 'http://127.0.0.1:4010',
    })
    for (const url of ['http://api.paystack.co', 'ftp://127.0.0.1', 'not a url', 'https://api.paystack.co/v1', 'https://user:pw@api.paystack.co']) {
      expect(() => loadConfig({ ...base, PAYSTACK_BASE_URL: url }), url).toThrow(ConfigError)
    }
    const secret = 'pk_live_thisIsAPublicKeyByMistake'
    expect(() => loadConfig({ ...base, PAYSTACK_SECRET_KEY: secret })).toThrow(ConfigError)
    try {
      loadConfig({ ...base, PAYSTACK_SECRET_KEY: secret })
    } catch (error) {
      expect((error as Error).message).not.toContain(secret)
    }
  })
})
