import type { Order } from '@shop/domain/schemas/orders'
import type { Transaction } from '@shop/domain/schemas/payments'
import type { Page } from '@shop/domain/schemas/wire'
import { asc, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { inventory, notifications, orderEvents, orders, products, shopConfigs, transactions } from '../src/db/schema'
import { productFactory } from '../src/seed/factories'
import { cspNonceOf, expectStrictPolicy, nonceAttributes } from './csp'
import { type TestShop, type TestUser, createShop, createStaffedShop, createUser, errorBody, setupApp } from './helpers'

const ctx = await setupApp()
const db = ctx.database.db
const { shop, otherShop, owner, administrator, manager, keeper, shopper, outsider } = await createStaffedShop(ctx)

async function setOptions(shopId: string, paymentOptions: { provider: 'manual' | 'test' | 'paystack'; enabled: boolean; label?: string }[]) {
  await db.update(shopConfigs).set({ paymentOptions }).where(eq(shopConfigs.shopId, shopId))
}
await setOptions(shop.id, [{ provider: 'test', enabled: true }, { provider: 'manual', enabled: true }])

async function addProduct(shopId: string) {
  const [row] = await db.insert(products).values(productFactory(shopId, { title: 'Kente scarf', priceMinor: 10_000 })).returning()
  await db.insert(inventory).values({ shopId, productId: row!.id, variantId: '', quantity: 10_000, tracked: true })
  return row!
}
const product = await addProduct(shop.id)

/** Each test attempt's pay page access code, as its redirectUrl carried it. */
const accessCodes = new Map<string, string>()
function remember(transactionId: string | null | undefined, redirectUrl: string | null | undefined) {
  const access = redirectUrl ? new URL(redirectUrl).searchParams.get('access') : null
  if (transactionId && access) accessCodes.set(transactionId, access)
}

async function place(options: { user?: TestUser; email?: string; provider?: string; shopId?: string; productId?: string } = {}): Promise<Order> {
  const params = new URLSearchParams({ shop: options.shopId ?? shop.id })
  if (options.email) params.set('email', options.email)
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/orders/?${params}`,
    headers: options.user?.headers,
    payload: {
      items: [{ product: options.productId ?? product.id, count: 1 }],
      delivery: { type: 'pick-up' },
      ...(options.provider ? { payment: { provider: options.provider } } : {}),
    },
  })
  expect(response.statusCode, response.body).toBe(201)
  const order = response.json<Order>()
  remember(order.payment.transaction, order.payment.redirectUrl)
  return order
}

const host = `${shop.slug}.shops.test`
const pageUrl = (redirectUrl: string) => {
  const url = new URL(redirectUrl)
  return `${url.pathname}${url.search}`
}
const getPage = (url: string) => ctx.app.inject({ method: 'GET', url, headers: { host } })
/** The pay page of an attempt, with its access code unless told otherwise. */
const pagePath = (transactionId: string, access: string | null = accessCodes.get(transactionId) ?? null) =>
  `/pay/test/${transactionId}${access === null ? '' : `?access=${encodeURIComponent(access)}`}`
/** Presses a button of the pay page: the form carries the attempt's access code unless `form` says otherwise. */
const submit = (transactionId: string, form: Record<string, string>) => {
  const access = accessCodes.get(transactionId)
  return ctx.app.inject({
    method: 'POST',
    url: `/pay/test/${transactionId}`,
    headers: { host, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ ...(access ? { access } : {}), ...form }).toString(),
  })
}
const patch = (id: string, payload: unknown, user?: TestUser, key?: string) =>
  ctx.app.inject({ method: 'PATCH', url: `/api/transactions/${id}${key ? `?key=${key}` : ''}`, headers: user?.headers, payload: payload as object })
const list = (query: string, user?: TestUser) => ctx.app.inject({ method: 'GET', url: `/api/transactions/?${query}`, headers: user?.headers })

async function transactionRow(id: string) {
  const [row] = await db.select().from(transactions).where(eq(transactions.id, id))
  return row!
}
async function orderRow(id: string) {
  const [row] = await db.select().from(orders).where(eq(orders.id, id))
  return row!
}
const attemptsOf = (orderId: string) => db.select().from(transactions).where(eq(transactions.orderId, orderId)).orderBy(asc(transactions.createdAt))
const eventsOf = (orderId: string) => db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.createdAt))
const paymentNotes = async (shopId = shop.id) =>
  (await db.select().from(notifications).where(eq(notifications.shopId, shopId))).filter((n) => n.type === 'payment-received')

async function state(orderId: string) {
  const row = await orderRow(orderId)
  return {
    acked: row.acked,
    status: row.status,
    attempts: (await attemptsOf(orderId)).map((t) => ({ id: t.id, status: t.status, details: t.details })),
    events: (await eventsOf(orderId)).length,
  }
}

describe('the test provider\'s pay page', () => {
  it('renders an accessible page with the shop, the order and the amount, and "Pay now" settles the order', async () => {
    const order = await place({ user: shopper })
    expect(order).toMatchObject({ acked: false, payment: { provider: 'test', status: 'pending' } })
    const id = order.payment.transaction!
    const access = accessCodes.get(id)!
    expect(access).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(order.payment.redirectUrl).toBe(`http://${host}/pay/test/${id}?access=${access}`)
    // Only the code's hash is kept.
    const row = await transactionRow(id)
    expect(row.accessCodeHash).toMatch(/^[0-9a-f]{64}$/)
    expect(JSON.stringify(row)).not.toContain(access)

    const page = await getPage(pageUrl(order.payment.redirectUrl!))
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toMatch(/^text\/html/)
    expect(page.headers['cache-control']).toBe('no-store')
    expect(page.headers['referrer-policy']).toBe('no-referrer')
    expect(page.headers['x-frame-options']).toBe('DENY')
    // The strict policy; the page's inline style carries its nonce, and it has no script at all.
    expectStrictPolicy(page.headers)
    expect(nonceAttributes(page.body)).toEqual([cspNonceOf(page.headers)])
    expect(page.body).not.toMatch(/<script/)
    const html = page.body
    expect(html).toContain('<html lang="en">')
    expect(html).toMatch(/<h1 id="title">Demonstration payment<\/h1>/)
    expect(html).toContain(`<dd>${shop.title}</dd>`)
    expect(html).toContain(`<dd>${order.orderId}</dd>`)
    expect(html).toContain('GHS\u00a0100.00')
    expect(html).toContain(`<form method="post" action="/pay/test/${id}"`)
    expect(html).toContain(`<input type="hidden" name="access" value="${access}">`)
    expect(html).toContain('<button type="submit" name="outcome" value="pay" class="pay">Pay now</button>')
    expect(html).toContain('<button type="submit" name="outcome" value="cancel" class="cancel">Cancel payment</button>')

    const before = (await paymentNotes()).length
    const paid = await submit(id, { outcome: 'pay' })
    expect(paid.statusCode).toBe(303)
    expect(paid.headers.location).toBe(`http://${host}/orders/${order._id}?transaction=${id}&payment=success`)
    expect((await transactionRow(id)).status).toBe('success')
    expect((await orderRow(order._id)).acked).toBe(true)
    expect((await eventsOf(order._id)).at(-1)!.note).toMatch(/^Payment of GHS\s100\.00 received as a demonstration payment \(no money moved\)/)
    expect((await paymentNotes()).length - before).toBe(4)

    // The page now says so and offers no buttons; pressing again changes nothing.
    const after = await getPage(pagePath(id))
    expect(after.body).toContain('role="status">This payment is complete.')
    expect(after.body).not.toContain('Pay now')
    const settled = await state(order._id)
    const again = await submit(id, { outcome: 'cancel' })
    expect(again.headers.location).toContain('payment=success')
    expect(await state(order._id)).toEqual(settled)
  })

  it('"Cancel payment" fails the attempt and leaves the order unacked; a retry gives a new page that can pay', async () => {
    const order = await place({ user: shopper })
    const id = order.payment.transaction!
    const canceled = await submit(id, { outcome: 'cancel' })
    expect(canceled.statusCode).toBe(303)
    expect(canceled.headers.location).toBe(`http://${host}/orders/${order._id}?transaction=${id}&payment=failed`)
    const failed = await transactionRow(id)
    expect(failed.status).toBe('failed')
    expect((await orderRow(order._id)).acked).toBe(false)
    expect((await patch(id, { action: 'verify' }, shopper)).json()).toMatchObject({ status: 'failed', error: 'The payment was declined or canceled' })
    // The old page cannot be paid any more.
    await submit(id, { outcome: 'pay' })
    expect((await transactionRow(id)).status).toBe('failed')

    const retried = await patch(id, { action: 'retry' }, shopper)
    expect(retried.statusCode).toBe(200)
    const next = retried.json<Transaction>()
    remember(next._id, next.redirectUrl)
    expect(next.redirectUrl).toBe(`http://${host}/pay/test/${next._id}?access=${accessCodes.get(next._id)}`)
    // Each attempt has its own code: the first one's does not open the new page.
    expect((await getPage(pagePath(next._id, accessCodes.get(id)))).statusCode).toBe(404)
    expect((await submit(next._id, { outcome: 'pay' })).headers.location).toContain('payment=success')
    expect((await orderRow(order._id)).acked).toBe(true)
    const retryPaid = await patch(next._id, { action: 'retry' }, shopper)
    expect(retryPaid.statusCode).toBe(409)
  })

  it('keeps an anonymous buyer\'s private link through the page and back, and drops a key that is not theirs', async () => {
    const order = await place({ email: 'ama@example.com' })
    const id = order.payment.transaction!
    expect(order.payment.redirectUrl).toBe(`http://${host}/pay/test/${id}?access=${accessCodes.get(id)}&key=${order.accessKey}`)
    const page = await getPage(pageUrl(order.payment.redirectUrl!))
    expect(page.body).toContain(`<input type="hidden" name="key" value="${order.accessKey}">`)
    const paid = await submit(id, { outcome: 'pay', key: order.accessKey! })
    expect(paid.headers.location).toBe(`http://${host}/orders/${order._id}?key=${order.accessKey}&transaction=${id}&payment=success`)

    const other = await place({ email: 'ama@example.com' })
    const strangerKey = 'B'.repeat(43)
    expect((await getPage(`${pagePath(other.payment.transaction!)}&key=${strangerKey}`)).body).not.toContain(strangerKey)
    const back = await submit(other.payment.transaction!, { outcome: 'cancel', key: strangerKey })
    expect(back.headers.location).toBe(`http://${host}/orders/${other._id}?transaction=${other.payment.transaction}&payment=failed`)
  })

  it('exists only for test attempts of shops that have the test provider enabled; bad input is a 400 page', async () => {
    const order = await place({ user: shopper })
    const id = order.payment.transaction!
    const manual = await place({ user: shopper, provider: 'manual' })
    const [manualAttempt] = await attemptsOf(manual._id)
    const before = await state(order._id)
    for (const url of [`/pay/test/${manualAttempt!.id}?access=${accessCodes.get(id)}`, `/pay/test/00000000-0000-4000-8000-000000000000?access=${accessCodes.get(id)}`]) {
      const response = await getPage(url)
      expect(response.statusCode, url).toBe(404)
      expect(response.headers['content-type']).toMatch(/^text\/html/)
      expect(response.body).toContain('Payment page not found')
    }
    for (const [url, form] of [
      ['/pay/test/not-a-uuid', { outcome: 'pay' }],
      [`/pay/test/${id}`, { outcome: 'maybe' }],
      [`/pay/test/${id}`, { outcome: 'pay', amount: '1' }],
      [`/pay/test/${id}`, { outcome: 'pay', key: 'short' }],
      [`/pay/test/${id}`, {}],
    ] as [string, Record<string, string>][]) {
      const response = await ctx.app.inject({
        method: 'POST',
        url,
        headers: { host, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(form).toString(),
      })
      expect(response.statusCode, `${url} ${JSON.stringify(form)}`).toBe(400)
      expect(response.body).toContain('could not be shown')
    }
    expect((await getPage('/pay/test/not-a-uuid')).statusCode).toBe(400)
    const huge = await ctx.app.inject({
      method: 'POST',
      url: `/pay/test/${id}`,
      headers: { host, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `outcome=pay&key=${'a'.repeat(10_000)}`,
    })
    expect(huge.statusCode).toBe(413)
    expect(await state(order._id)).toEqual(before)

    // Once the shop turns the test provider off, its pages are gone.
    await setOptions(shop.id, [{ provider: 'manual', enabled: true }, { provider: 'test', enabled: false }])
    expect((await getPage(pagePath(id))).statusCode).toBe(404)
    expect((await submit(id, { outcome: 'pay' })).statusCode).toBe(404)
    expect(await state(order._id)).toEqual(before)
    await setOptions(shop.id, [{ provider: 'test', enabled: true }, { provider: 'manual', enabled: true }])
  })

  it('opens and acts only with the attempt\'s access code: knowing the transaction id is not enough', async () => {
    for (const buyer of [{ user: shopper }, { email: 'kofi@example.com' }]) {
      const order = await place(buyer)
      const id = order.payment.transaction!
      const access = accessCodes.get(id)!
      const before = await state(order._id)
      const wrong = [null, '', 'A'.repeat(43), `${access.slice(0, -1)}${access.endsWith('A') ? 'B' : 'A'}`, accessCodes.get([...accessCodes.keys()][0]!)!]
      for (const attempt of wrong) {
        const page = await getPage(`${pagePath(id, attempt)}${order.accessKey ? `${attempt === null ? '?' : '&'}key=${order.accessKey}` : ''}`)
        expect(page.statusCode, String(attempt)).toBe(404)
        expect(page.body).toContain('Payment page not found')
        expectStrictPolicy(page.headers)
        expect(page.headers['referrer-policy']).toBe('no-referrer')
        expect(nonceAttributes(page.body)).toEqual([cspNonceOf(page.headers)])
        expect(page.body).not.toContain(order.orderId)
        for (const outcome of ['pay', 'cancel']) {
          const form = { outcome, ...(attempt === null ? {} : { access: attempt }), ...(order.accessKey ? { key: order.accessKey } : {}) }
          const pressed = await ctx.app.inject({
            method: 'POST',
            url: `/pay/test/${id}`,
            headers: { host, 'content-type': 'application/x-www-form-urlencoded' },
            payload: new URLSearchParams(form).toString(),
          })
          expect(pressed.statusCode, `${outcome} ${String(attempt)}`).toBe(404)
          expect(pressed.headers.location).toBeUndefined()
        }
      }
      // The code in the query of a POST, or in the form of a GET, does not count either.
      const misplaced = await ctx.app.inject({
        method: 'POST',
        url: `/pay/test/${id}?access=${access}`,
        headers: { host, 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'outcome=cancel',
      })
      expect(misplaced.statusCode).toBe(404)
      expect(await state(order._id)).toEqual(before)
      expect((await transactionRow(id)).status).toBe('pending')
      expect((await getPage(pagePath(id))).statusCode).toBe(200)
    }
  })
})

describe('payments on delivery or at pick-up (manual)', () => {
  it('acks the order at placement with a pending attempt that staff mark received', async () => {
    const order = await place({ user: shopper, provider: 'manual' })
    expect(order).toMatchObject({ acked: true, payment: { provider: 'manual' } })
    expect(order.payment).toEqual({ provider: 'manual' })
    const [attempt] = await attemptsOf(order._id)
    expect(attempt).toMatchObject({ provider: 'manual', status: 'pending', amountMinor: 10_000, currency: 'GHS' })

    const listed = await list(`order=${order._id}`, keeper)
    expect(listed.statusCode).toBe(200)
    expect(listed.json()).toMatchObject({ total: 1, limit: 20, skip: 0, data: [{ _id: attempt!.id, provider: 'manual', status: 'pending', error: null }] })

    const before = (await paymentNotes()).length
    const recorded = await patch(attempt!.id, { status: 'success', note: 'Cash from the rider' }, keeper)
    expect(recorded.statusCode, recorded.body).toBe(200)
    expect(recorded.json()).toMatchObject({ _id: attempt!.id, status: 'success', amount: { value: 100, currency: 'GHS' } })
    const row = await transactionRow(attempt!.id)
    expect(row.details).toMatchObject({ recordedBy: keeper.id, note: 'Cash from the rider' })
    const last = (await eventsOf(order._id)).at(-1)!
    expect(last).toMatchObject({ actorId: keeper.id, status: 'placed' })
    expect(last.note).toBe(`Payment of GHS\u00a0100.00 received on delivery or at pick-up (reference ${row.reference}): Cash from the rider`)
    // The other staff hear of it; the one who recorded it does not.
    const told = (await paymentNotes()).slice(before).map((n) => n.userId).sort()
    expect(told).toEqual([owner.id, administrator.id, manager.id].sort())

    // Recording it again changes nothing.
    const settled = await state(order._id)
    expect((await patch(attempt!.id, { status: 'success' }, owner)).json()).toMatchObject({ status: 'success' })
    expect(await state(order._id)).toEqual(settled)
  })

  it('lets only the shop\'s staff record it: 403 for the buyer, 404 for others, 401 anonymous; 409 for verify, retry and canceled orders', async () => {
    const order = await place({ user: shopper, provider: 'manual' })
    const [attempt] = await attemptsOf(order._id)
    const id = attempt!.id
    const before = await state(order._id)
    expect((await patch(id, { status: 'success' })).statusCode).toBe(401)
    const buyer = await patch(id, { status: 'success' }, shopper)
    expect(buyer.statusCode).toBe(403)
    errorBody(buyer)
    for (const user of [outsider, await createUser(ctx)]) expect((await patch(id, { status: 'success' }, user)).statusCode).toBe(404)
    for (const action of ['verify', 'retry']) {
      const response = await patch(id, { action }, shopper)
      expect(response.statusCode, action).toBe(409)
      errorBody(response)
    }
    expect(await state(order._id)).toEqual(before)

    const anonymous = await place({ email: 'kwame@example.com', provider: 'manual' })
    const [anonymousAttempt] = await attemptsOf(anonymous._id)
    expect((await patch(anonymousAttempt!.id, { status: 'success' }, undefined, anonymous.accessKey)).statusCode).toBe(403)

    const canceled = await ctx.app.inject({ method: 'PATCH', url: `/api/orders/${order._id}`, headers: keeper.headers, payload: { status: 'canceled' } })
    expect(canceled.statusCode).toBe(200)
    const afterCancel = await state(order._id)
    expect((await patch(id, { status: 'success' }, keeper)).statusCode).toBe(409)
    expect(await state(order._id)).toEqual(afterCancel)
  })
})

describe('GET /api/transactions/?order=', () => {
  it('lists an order\'s attempts, newest first, to its buyer, the private-link holder and its shop\'s staff only', async () => {
    const order = await place({ user: shopper })
    await submit(order.payment.transaction!, { outcome: 'cancel' })
    const retried = (await patch(order.payment.transaction!, { action: 'retry' }, shopper)).json<Transaction>()
    for (const user of [shopper, keeper, owner]) {
      const response = await list(`order=${order._id}`, user)
      expect(response.statusCode).toBe(200)
      const page = response.json<Page<Transaction>>()
      expect(page.total).toBe(2)
      expect(page.data.map((t) => t._id)).toEqual([retried._id, order.payment.transaction])
      expect(page.data[1]).toMatchObject({ status: 'failed', error: 'The payment was declined or canceled' })
      expect(page.data[0]).not.toHaveProperty('redirectUrl')
    }
    expect((await list(`order=${order._id}&status=failed`, shopper)).json()).toMatchObject({ total: 1 })
    expect((await list(`order=${order._id}&$sort[createdAt]=1&$limit=1`, shopper)).json()).toMatchObject({ total: 2, data: [{ _id: order.payment.transaction }] })

    const anonymous = await place({ email: 'esi@example.com' })
    expect((await list(`order=${anonymous._id}&key=${anonymous.accessKey}`)).json()).toMatchObject({ total: 1 })
    expect((await list(`order=${anonymous._id}`)).statusCode).toBe(401)
    expect((await list(`order=${anonymous._id}&key=${'C'.repeat(43)}`)).statusCode).toBe(404)
    for (const user of [outsider, await createUser(ctx)]) {
      const response = await list(`order=${order._id}`, user)
      expect(response.statusCode).toBe(404)
      errorBody(response)
    }
    for (const query of ['', 'order=nope', `order=${order._id}&reference=x`, `order=${order._id}&$sort[reference]=1`, `order=${order._id}&status[$regex]=x`, `order=${order._id}&$limit=-1`]) {
      const response = await list(query, shopper)
      expect(response.statusCode, query).toBe(400)
      errorBody(response)
    }
  })
})

describe('another shop', () => {
  it('keeps its attempts to itself: staff of one shop get 404 for another\'s', async () => {
    const second: TestShop = otherShop
    await setOptions(second.id, [{ provider: 'manual', enabled: true }])
    const item = await addProduct(second.id)
    const order = await place({ user: shopper, shopId: second.id, productId: item.id })
    const [attempt] = await attemptsOf(order._id)
    const before = await state(order._id)
    for (const user of [keeper, owner]) {
      expect((await patch(attempt!.id, { status: 'success' }, user)).statusCode).toBe(404)
      expect((await list(`order=${order._id}`, user)).statusCode).toBe(404)
    }
    expect(await state(order._id)).toEqual(before)
    expect((await patch(attempt!.id, { status: 'success' }, outsider)).statusCode).toBe(200)
    // A shop created without any payment options takes manual orders.
    const bare = await createShop(ctx, { owner: outsider })
    const bareItem = await addProduct(bare.id)
    expect((await place({ user: shopper, shopId: bare.id, productId: bareItem.id })).payment).toEqual({ provider: 'manual' })
  })
})
