/**
 * Pay links (decision 63): staff answers carry an order's pay link while money is due, buyers' never; the
 * pay page's data shows the order's money and not the buyer's contact; only the right key on the shop's own
 * host opens it; paying through it collects exactly the balance and settles as any online payment; staff
 * send it by SMS or e-mail (queued) or note it shared by WhatsApp or copied, each on the timeline.
 */
import type { Order } from '@shop/domain/schemas/orders'
import { and, asc, eq, like } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { orderEvents, outboxMessages, shopConfigs, shopDomains, transactions } from '../src/db/schema'
import { commerceFixtures } from './commerce-fixtures'
import { startFakeArkesel } from './fake-arkesel'
import { type TestUser, createStaffedShop, errorBody, setupApp } from './helpers'

const arkesel = await startFakeArkesel()
afterAll(() => arkesel.close())
const ctx = await setupApp({ arkesel: { apiKey: arkesel.apiKey, senderId: 'KenteShop', baseUrl: arkesel.url } })
const db = ctx.database.db
const { shop, otherShop, keeper, shopper, outsider } = await createStaffedShop(ctx)
const { addProduct, addRate } = commerceFixtures(ctx, shop.id)
await db
  .update(shopConfigs)
  .set({ paymentOptions: [{ provider: 'manual', enabled: true }, { provider: 'test', enabled: true }] })
  .where(eq(shopConfigs.shopId, shop.id))
const scarf = await addProduct({ title: 'Kente scarf', priceMinor: 10_000, variants: [{ _id: 'red', features: { colour: 'Red' } }] })
const rider = await addRate({ name: 'Accra rider', regions: ['GH-AA'], rateMinor: 1_500, paymentOption: 'instant' })
const host = `${shop.slug}.shops.test`
const otherHost = `${otherShop.slug}.shops.test`

async function place(options: { user?: TestUser; provider?: string; phone?: string } = {}): Promise<Order> {
  const params = new URLSearchParams({ shop: shop.id })
  if (!options.user) params.set('email', 'ama@example.com')
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/orders/?${params}`,
    headers: options.user?.headers,
    payload: {
      items: [{ product: scarf.id, variant: 'red', count: 2 }],
      delivery: { type: 'dispatch', region: 'GH-AA', rate: rider.id, address: 'House 7, Osu', phone: '0241234567' },
      phone: options.phone ?? '0241234567',
      payment: { provider: options.provider ?? 'manual' },
    },
  })
  expect(response.statusCode, response.body).toBe(201)
  return response.json()
}

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers })
const staffOrder = async (id: string, user: TestUser = keeper): Promise<Order> => {
  const response = await get(`/api/orders/${id}`, { ...user.headers, host })
  expect(response.statusCode, response.body).toBe(200)
  return response.json()
}
const recordCash = async (order: string, amount: number) => {
  const response = await ctx.app.inject({ method: 'POST', url: '/api/transactions/', headers: keeper.headers, payload: { order, amount, method: 'cash' } })
  expect(response.statusCode, response.body).toBe(201)
}
const payKeyOf = (link: string) => new URL(link).searchParams.get('key')!
const payPage = (id: string, key: string, options: { host?: string; transaction?: string } = {}) =>
  get(`/api/pay/${id}?key=${key}${options.transaction ? `&transaction=${options.transaction}` : ''}`, { host: options.host ?? host })
const startPay = (id: string, key: string, headers: Record<string, string> = { host }) => ctx.app.inject({ method: 'POST', url: `/api/pay/${id}?key=${key}`, headers })
const timeline = (id: string) => db.select().from(orderEvents).where(eq(orderEvents.orderId, id)).orderBy(asc(orderEvents.createdAt), asc(orderEvents.id))

/** Presses "Pay now" on the test provider's page the redirect leads to; answers where it sends the browser. */
async function payOnTestPage(redirectUrl: string): Promise<URL> {
  const page = new URL(redirectUrl)
  const response = await ctx.app.inject({
    method: 'POST',
    url: page.pathname,
    headers: { host: page.host, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ access: page.searchParams.get('access')!, outcome: 'pay' }).toString(),
  })
  expect(response.statusCode, response.body).toBe(303)
  return new URL(response.headers.location as string)
}

describe('payLink in order answers', () => {
  it('is in staff answers of an order with a balance, on the shop host, and never in the buyer’s', async () => {
    const order = await place({ user: shopper })
    const staff = await staffOrder(order._id)
    expect(staff.payLink).toMatch(new RegExp(`^http://${host.replace(/\./g, '\\.')}/pay/${order._id}\\?key=[0-9a-f]{32}$`))

    const listed = (await get(`/api/orders/?shop=${shop.id}&orderId[$q]=${order.orderId}`, { ...keeper.headers, host })).json().data as Order[]
    expect(listed[0]!.payLink).toBe(staff.payLink)

    const own = await get(`/api/orders/${order._id}`, { ...shopper.headers, host })
    expect(own.json().payLink).toBeUndefined()
    const ownList = (await get(`/api/orders/?profile=${shopper.id}`, { ...shopper.headers, host })).json().data as Order[]
    expect(ownList.every((one) => one.payLink === undefined)).toBe(true)
    const anonymous = await place()
    expect((await get(`/api/orders/${anonymous._id}?key=${anonymous.accessKey}`, { host })).json().payLink).toBeUndefined()
    // The order's 201 to its buyer has none either.
    expect(anonymous.payLink).toBeUndefined()
  })

  it('is left out once nothing is due, and for a canceled order', async () => {
    const paid = await place()
    await recordCash(paid._id, (await staffOrder(paid._id)).balance)
    expect((await staffOrder(paid._id)).payLink).toBeUndefined()

    const canceled = await place()
    expect((await ctx.app.inject({ method: 'PATCH', url: `/api/orders/${canceled._id}`, headers: keeper.headers, payload: { status: 'canceled' } })).statusCode).toBe(200)
    expect((await staffOrder(canceled._id)).payLink).toBeUndefined()
  })

  it('is on the shop’s verified custom domain when staff work there, and its subdomain otherwise', async () => {
    await db.insert(shopDomains).values({ shopId: shop.id, domain: 'kente.example', status: 'verified', verificationToken: 'x'.repeat(32) })
    const order = await place()
    const onDomain = await get(`/api/orders/${order._id}`, { ...keeper.headers, host: 'kente.example' })
    expect(onDomain.json().payLink).toMatch(/^http:\/\/kente\.example\/pay\//)
    const elsewhere = await get(`/api/orders/${order._id}`, keeper.headers)
    expect(elsewhere.json().payLink).toMatch(new RegExp(`^http://${shop.slug}\\.shops\\.test/pay/`))
  })
})

describe('GET /api/pay/{id}', () => {
  it('shows the lines and money, never the address, phone or e-mail', async () => {
    const order = await place({ phone: '0241239876' })
    const key = payKeyOf((await staffOrder(order._id)).payLink!)
    const response = await payPage(order._id, key)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.headers['cache-control']).toBe('no-store')
    const page = response.json()
    expect(page).toMatchObject({
      _id: order._id,
      orderId: order.orderId,
      shop: { _id: shop.id, title: shop.title },
      status: 'placed',
      currency: 'GHS',
      items: [{ title: 'Kente scarf', variant: 'colour: Red', count: 2, total: 200 }],
      paid: 0,
      paymentState: 'unpaid',
      canPay: true,
      payment: null,
    })
    expect(page.balance).toBe(page.totals.total)
    const text = response.body
    for (const secret of ['Osu', '0241239876', '233241239876', 'ama@example.com', 'House 7']) expect(text).not.toContain(secret)
  })

  it('is a 404 for a wrong key, another order’s key, another shop’s host or no shop’s host', async () => {
    const order = await place()
    const other = await place()
    const key = payKeyOf((await staffOrder(order._id)).payLink!)
    const otherKey = payKeyOf((await staffOrder(other._id)).payLink!)
    for (const response of [
      await payPage(order._id, 'f'.repeat(32)),
      await payPage(order._id, otherKey),
      await payPage(order._id, key, { host: otherHost }),
      await payPage(order._id, key, { host: 'shops.test' }),
      await payPage(order._id, key, { host: '127.0.0.1:3000' }),
      await get(`/api/pay/${order._id}?key=${key}`, { host, origin: `http://${otherHost}` }),
      await startPay(order._id, key, { host: otherHost }),
      await startPay(order._id, 'f'.repeat(32)),
    ]) {
      expect(response.statusCode, response.body).toBe(404)
      expect(errorBody(response).name).toBe('NotFound')
    }
    expect((await payPage(order._id, key)).statusCode).toBe(200)
    // A key that is not a key at all is a 400, nothing looked up.
    expect((await payPage(order._id, 'nope')).statusCode).toBe(400)
  })
})

describe('POST /api/pay/{id}', () => {
  it('pays only the balance of a part-paid order, and settling it makes the balance 0', async () => {
    const order = await place()
    const before = await staffOrder(order._id)
    await recordCash(order._id, 50)
    const key = payKeyOf(before.payLink!)
    const balance = (await staffOrder(order._id)).balance
    expect(balance).toBe(before.balance - 50)

    const started = await startPay(order._id, key)
    expect(started.statusCode, started.body).toBe(201)
    const { redirectUrl, transaction, amount } = started.json()
    expect(amount).toBe(balance)
    expect(new URL(redirectUrl).host).toBe(host)
    const [attempt] = await db.select().from(transactions).where(eq(transactions.id, transaction))
    expect(attempt).toMatchObject({ orderId: order._id, provider: 'test', status: 'pending', amountMinor: Math.round(balance * 100) })
    expect(attempt!.details).toMatchObject({ payLink: true })
    // The pay-on-delivery attempt it was placed with is superseded: one attempt open at a time.
    const open = await db.select().from(transactions).where(and(eq(transactions.orderId, order._id), eq(transactions.status, 'pending')))
    expect(open.map((row) => row.id)).toEqual([transaction])

    const back = await payOnTestPage(redirectUrl)
    expect(back.pathname).toBe(`/pay/${order._id}`)
    expect(back.searchParams.get('key')).toBe(key)
    expect(back.searchParams.get('transaction')).toBe(transaction)
    expect(back.searchParams.get('payment')).toBe('success')

    const after = await staffOrder(order._id)
    expect(after).toMatchObject({ balance: 0, paid: before.balance, acked: true })
    expect(after.payLink).toBeUndefined()
    const page = (await payPage(order._id, key, { transaction })).json()
    expect(page).toMatchObject({ balance: 0, paymentState: 'paid', canPay: false, payment: { transaction, status: 'success' } })
    expect((await timeline(order._id)).at(-1)!.note).toMatch(/^Payment of GHS\s[\d.]+ received as a demonstration payment \(no money moved\) through the pay link \(reference /)

    const again = await startPay(order._id, key)
    expect(again.statusCode).toBe(409)
    expect(errorBody(again).message).toBe(`Order ${order.orderId} is already paid in full`)
  })

  it('pays an online order still unpaid, superseding its checkout attempt', async () => {
    const order = await place({ provider: 'test' })
    expect(order.acked).toBe(false)
    const key = payKeyOf((await staffOrder(order._id)).payLink!)
    const started = (await startPay(order._id, key)).json()
    const [first] = await db.select().from(transactions).where(eq(transactions.id, order.payment.transaction!))
    expect(first!.status).toBe('abandoned')
    await payOnTestPage(started.redirectUrl)
    expect(await staffOrder(order._id)).toMatchObject({ balance: 0, acked: true })
  })

  it('is a 409 for a canceled order and for a shop that takes no payments online', async () => {
    const canceled = await place()
    const key = payKeyOf((await staffOrder(canceled._id)).payLink!)
    await ctx.app.inject({ method: 'PATCH', url: `/api/orders/${canceled._id}`, headers: keeper.headers, payload: { status: 'canceled' } })
    const refused = await startPay(canceled._id, key)
    expect(refused.statusCode).toBe(409)
    expect(errorBody(refused).message).toMatch(/is canceled/)

    const order = await place()
    const orderKey = payKeyOf((await staffOrder(order._id)).payLink!)
    await db.update(shopConfigs).set({ paymentOptions: [{ provider: 'manual', enabled: true }] }).where(eq(shopConfigs.shopId, shop.id))
    try {
      expect((await payPage(order._id, orderKey)).json().canPay).toBe(false)
      const offline = await startPay(order._id, orderKey)
      expect(offline.statusCode).toBe(409)
      expect(errorBody(offline).message).toBe('This shop does not take payments online. Please pay the shop directly.')
      const attempts = await db.select().from(transactions).where(eq(transactions.orderId, order._id))
      expect(attempts.every((row) => !row.details.payLink)).toBe(true)
    } finally {
      await db
        .update(shopConfigs)
        .set({ paymentOptions: [{ provider: 'manual', enabled: true }, { provider: 'test', enabled: true }] })
        .where(eq(shopConfigs.shopId, shop.id))
    }
  })
})

describe('POST /api/orders/{id}/pay-link', () => {
  const send = (id: string, channel: string, user: TestUser = keeper) =>
    ctx.app.inject({ method: 'POST', url: `/api/orders/${id}/pay-link`, headers: { ...user.headers, host }, payload: { channel } })
  const queued = (id: string) => db.select().from(outboxMessages).where(like(outboxMessages.event, `order:${id}:pay-link:%`))

  it('queues an SMS with the link and notes it on the timeline', async () => {
    const order = await place()
    const link = (await staffOrder(order._id)).payLink!
    const response = await send(order._id, 'sms')
    expect(response.statusCode, response.body).toBe(201)
    const sent = response.json()
    expect(sent).toMatchObject({ channel: 'sms', recipient: '+233241234567', payLink: link })
    expect(sent.note).toMatch(/^Pay link for GHS\s[\d.,]+ sent by SMS to \+233241234567 by Test User$/)
    const [message] = await queued(order._id)
    expect(message).toMatchObject({ kind: 'order-pay-link', channel: 'sms', recipient: '+233241234567' })
    // The link is a secret of the message: not in its stored data.
    expect(JSON.stringify(message!.data)).not.toContain(payKeyOf(link))
    expect((await timeline(order._id)).at(-1)).toMatchObject({ kind: 'note', note: sent.note, actorId: keeper.id })

    await ctx.app.outbox.drain()
    const sms = arkesel.sent.find((one) => one.message.includes(`/pay/${order._id}?key=`))
    expect(sms?.message).toContain(link)
    expect(sms?.recipients).toEqual(['233241234567'])
  })

  it('queues an e-mail, and only notes WhatsApp and Copy', async () => {
    const order = await place()
    expect((await send(order._id, 'email')).json()).toMatchObject({ channel: 'email', recipient: 'ama@example.com' })
    const whatsapp = (await send(order._id, 'whatsapp')).json()
    expect(whatsapp).toMatchObject({ channel: 'whatsapp', recipient: null })
    expect(whatsapp.note).toMatch(/^Pay link for GHS\s[\d.,]+ sent by WhatsApp by Test User$/)
    expect((await send(order._id, 'copy')).json().note).toMatch(/copied to share by Test User$/)
    expect((await queued(order._id)).map((row) => row.channel)).toEqual(['email'])
    expect((await timeline(order._id)).filter((event) => event.note.startsWith('Pay link'))).toHaveLength(3)
  })

  it('refuses another shop’s staff, a shopper, an unknown channel and an order with nothing due', async () => {
    const order = await place()
    expect((await send(order._id, 'sms', outsider)).statusCode).toBe(404)
    expect((await send(order._id, 'sms', shopper)).statusCode).toBe(404)
    const bad = await send(order._id, 'pigeon')
    expect(bad.statusCode).toBe(400)
    expect(errorBody(bad).errors?.map((e) => e.path)).toContain('channel')
    await recordCash(order._id, (await staffOrder(order._id)).balance)
    const paid = await send(order._id, 'whatsapp')
    expect(paid.statusCode).toBe(409)
    expect(await queued(order._id)).toHaveLength(0)
    expect((await timeline(order._id)).some((event) => event.note.startsWith('Pay link'))).toBe(false)
  })
})
