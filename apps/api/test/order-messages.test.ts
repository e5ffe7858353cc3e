/**
 * The messages an order sends, against a real SMTP peer and a local fake of Arkesel: who gets what, with
 * which subject and content, written in the transaction of their event; the shop's switches and the staff's
 * own alerts; low stock once per crossing; and an order's messages on its timeline, sent again by staff.
 */
import type { MessageListResponse } from '@shop/domain/schemas/messages'
import type { Order } from '@shop/domain/schemas/orders'
import type { Static } from 'typebox'
import { eq } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { inventory, orders, outboxMessages, shopConfigs } from '../src/db/schema'
import { commerceFixtures } from './commerce-fixtures'
import { startFakeArkesel } from './fake-arkesel'
import { type TestUser, createStaffedShop, errorBody, setupApp } from './helpers'
import { startSmtpPeer } from './smtp-peer'
import { listOutboxMessages } from './outbox-rows'

const peer = await startSmtpPeer()
const arkesel = await startFakeArkesel()
afterAll(async () => {
  await peer.close()
  await arkesel.close()
})
const test = await setupApp({
  smtpUrl: peer.url,
  mailFrom: 'orders@mail.test',
  arkesel: { apiKey: arkesel.apiKey, senderId: 'KenteShop', baseUrl: arkesel.url },
})
const { app, database } = test
const db = database.db
const { shop, otherShop, owner, administrator, manager, keeper, shopper, outsider } = await createStaffedShop(test)
const { addProduct, addRate, addCode } = commerceFixtures(test, shop.id)
const host = `${shop.slug}.shops.test`

await db.update(shopConfigs).set({ taxRateBps: 250, paymentOptions: [{ provider: 'manual', enabled: true }, { provider: 'test', enabled: true }] }).where(eq(shopConfigs.shopId, shop.id))
const hostileTitle = '<img src=x onerror=alert(1)> Kente & "Co"'
const scarf = await addProduct({ title: hostileTitle, priceMinor: 10_000 })
const shirt = await addProduct({
  title: 'Batik shirt',
  priceMinor: 12_000,
  variants: [{ _id: 'm', features: { size: 'M' } }],
})
await db.insert(inventory).values([
  { shopId: shop.id, productId: scarf.id, variantId: '', quantity: 1000 },
  { shopId: shop.id, productId: shirt.id, variantId: 'm', quantity: 7 },
])
const rate = await addRate({ name: 'Accra riders', rateMinor: 2_000 })
await addCode({ code: 'TENOFF', type: 'fixed', value: 1_000 })

async function place(body: Record<string, unknown>, options: { user?: TestUser; email?: string } = {}): Promise<Order> {
  const params = new URLSearchParams({ shop: shop.id })
  if (options.email) params.set('email', options.email)
  const response = await app.inject({ method: 'POST', url: `/api/orders/?${params}`, headers: options.user?.headers, payload: body })
  expect(response.statusCode, response.body).toBe(201)
  return response.json()
}
const move = (id: string, status: string, note?: string) =>
  app.inject({ method: 'PATCH', url: `/api/orders/${id}`, headers: keeper.headers, payload: { status, ...(note ? { note } : {}) } })
/** Intl writes a no-break space between the currency and the amount; the tests write a plain one. */
const plain = (text: string) => text.replace(/\u00a0/g, ' ')
/** What `address` received, oldest first by subject (one drain sends in no fixed order). */
const mailTo = (address: string) =>
  peer.received
    .filter((m) => m.envelopeTo.includes(address.toLowerCase()))
    .map((m) => ({ ...m, subject: plain(m.subject), text: plain(m.text), html: plain(m.html) }))
const mailWith = (address: string, subject: string) => {
  const found = mailTo(address).filter((m) => m.subject === subject)
  expect(found, `one e-mail "${subject}" to ${address}`).toHaveLength(1)
  return found[0]!
}
const smsTo = (digits: string) => arkesel.sent.filter((s) => s.recipients.includes(digits)).map((s) => ({ ...s, message: plain(s.message) }))
const messagesOf = async (id: string, user: TestUser = keeper) => {
  const response = await app.inject({ method: 'GET', url: `/api/orders/${id}/messages`, headers: user.headers })
  expect(response.statusCode, response.body).toBe(200)
  return response.json<Static<typeof MessageListResponse>>().data
}

describe('an anonymous buyer’s pick-up order', () => {
  const email = 'Ama.Buyer@example.com'
  let order: Order

  it('e-mails the receipt to the buyer in the order’s transaction, escaped, with the private link on the shop’s host', async () => {
    order = await place(
      { items: [{ product: scarf.id, count: 2 }], delivery: { type: 'pick-up' }, discount: { code: 'tenoff' }, name: 'Ama <b>Mensah</b>', phone: '024 412 3456' },
      { email },
    )
    // Nothing leaves while the request runs; the rows are there, committed with the order.
    expect(mailTo(email)).toHaveLength(0)
    const rows = await listOutboxMessages(db, { event: `order:${order._id}:placed` })
    expect(rows.map((row) => `${row.kind}/${row.channel}/${row.recipient}`).sort()).toEqual(
      [
        `order-confirmation/email/${email.toLowerCase()}`,
        'order-confirmation/sms/+233244123456',
        `staff-new-order/email/${administrator.email}`,
        `staff-new-order/email/${owner.email}`,
      ].sort(),
    )
    await app.outbox.drain()

    const [mail] = mailTo(email)
    expect(mailTo(email)).toHaveLength(1)
    expect(mail).toMatchObject({ from: 'orders@mail.test', fromName: shop.title, replyTo: owner.email, subject: `Your ${shop.title} order ${order.orderId}` })
    const link = `http://${host}/orders/${order._id}?key=${order.accessKey}`
    for (const line of [
      'Hello Ama <b>Mensah</b>,',
      `${hostileTitle} × 2: GHS 200.00`,
      'Subtotal: GHS 200.00',
      'Discount (TENOFF): − GHS 10.00',
      'Pick-up: GHS 0.00',
      'Tax: GHS 5.00',
      'Total: GHS 195.00',
      'Payment: To pay at pick-up: GHS 195.00',
      `See your order: ${link}`,
    ]) {
      expect(mail!.text).toContain(line)
    }
    // Placed at, in Accra's time.
    expect(mail!.text).toMatch(new RegExp(`Order ${order.orderId}, placed \\d{1,2} [A-Z][a-z]{2} \\d{4}`))
    expect(mail!.html).not.toContain('<img src=x')
    expect(mail!.html).not.toContain('<b>Mensah</b>')
    expect(mail!.html).toContain('&lt;img src=x onerror=alert(1)&gt; Kente &amp; &quot;Co&quot;')
    expect(mail!.html).toContain(`href="${link}"`)
    // The secret link is no longer kept once sent.
    const [sent] = await listOutboxMessages(db, { event: `order:${order._id}:placed`, kind: 'order-confirmation', recipient: email.toLowerCase() })
    expect(sent).toMatchObject({ status: 'sent', secrets: null })
    expect(JSON.stringify(sent)).not.toContain(order.accessKey)
  })

  it('texts the confirmation to the checkout phone in international form, with the link', async () => {
    const [sms] = smsTo('233244123456')
    expect(sms).toMatchObject({ sender: 'KenteShop' })
    expect(sms!.message).toBe(
      `${shop.title}: we have your order ${order.orderId}, total GHS 195.00. Follow it here: http://${host}/orders/${order._id}?key=${order.accessKey}`,
    )
  })

  it('alerts the owner and the administrator (on by default), not the manager or the keeper', async () => {
    for (const person of [owner, administrator]) {
      const [alert] = mailTo(person.email).filter((m) => m.subject.startsWith(`New order ${order.orderId}`))
      expect(alert!.subject).toBe(`New order ${order.orderId}: GHS 195.00`)
      expect(alert!.text).toContain(`From Ama <b>Mensah</b> · ${email} · +233244123456.`)
      expect(alert!.text).toContain(`Open the order: http://${host}/admin/orders/${order._id}`)
    }
    for (const person of [manager, keeper]) expect(mailTo(person.email)).toHaveLength(0)
  })

  it('says nothing for packaged, then sends "ready for pick-up" by e-mail and SMS with the staff note', async () => {
    expect((await move(order._id, 'packaged')).statusCode).toBe(200)
    expect((await move(order._id, 'ready', 'Ask for <Kofi> at the counter')).statusCode).toBe(200)
    await app.outbox.drain()
    expect(mailTo(email)).toHaveLength(2)
    const ready = mailWith(email, `Order ${order.orderId} is ready for pick-up`)
    expect(ready.text).toContain('Ask for <Kofi> at the counter')
    expect(ready.html).toContain('Ask for &lt;Kofi&gt; at the counter')
    expect(ready.text).toContain(`http://${host}/orders/${order._id}?key=${order.accessKey}`)
    expect(smsTo('233244123456').at(-1)!.message).toBe(`${shop.title}: your order ${order.orderId} is ready for pick-up. http://${host}/orders/${order._id}?key=${order.accessKey}`)
  })

  it('sends "payment received" when staff record the payment, and "delivered" after which the key is no longer kept', async () => {
    const paid = await app.inject({ method: 'POST', url: '/api/transactions/', headers: keeper.headers, payload: { order: order._id, amount: 195, method: 'cash' } })
    expect(paid.statusCode, paid.body).toBe(201)
    expect((await move(order._id, 'delivered')).statusCode).toBe(200)
    await app.outbox.drain()
    expect(mailTo(email)).toHaveLength(4)
    const received = mailWith(email, `Payment received for order ${order.orderId}`)
    const delivered = mailWith(email, `Order ${order.orderId} is delivered`)
    expect(received.text).toContain('Paid in full')
    expect(received.text).toContain('GHS 195.00 received.')
    // It leads straight to reviewing the items, through the order's private link (decision 81).
    expect(delivered.text).toContain(`Review what you bought: http://${host}/orders/${order._id}?key=${order.accessKey}#review`)
    expect(smsTo('233244123456').at(-1)!.message).toBe(
      `${shop.title}: your order ${order.orderId} is delivered. Thank you! Review what you bought: http://${host}/orders/${order._id}?key=${order.accessKey}#review`,
    )
    const [row] = await db.select({ messageKey: orders.messageKey }).from(orders).where(eq(orders.id, order._id))
    expect(row!.messageKey).toBeNull()
  })
})

describe('a logged-in buyer’s delivery', () => {
  it('links to the account’s order page and says dispatched, by e-mail and SMS', async () => {
    const order = await place({ items: [{ product: scarf.id, count: 1 }], delivery: { type: 'dispatch', region: 'GH-AA', address: '12 Oxford St, Osu', rate: rate.id }, phone: '+233201234567' }, { user: shopper })
    for (const status of ['packaged', 'ready', 'dispatched']) expect((await move(order._id, status)).statusCode).toBe(200)
    await app.outbox.drain()
    // Ready means ready to go out: a delivery hears nothing until it is dispatched.
    expect(mailTo(shopper.email).map((m) => m.subject).sort()).toEqual([`Order ${order.orderId} is on its way`, `Your ${shop.title} order ${order.orderId}`])
    const confirmation = mailWith(shopper.email, `Your ${shop.title} order ${order.orderId}`)
    expect(confirmation.text).toContain('Delivery (Accra riders): GHS 20.00')
    expect(confirmation.text).toContain('Delivery to 12 Oxford St, Osu')
    const dispatched = mailWith(shopper.email, `Order ${order.orderId} is on its way`)
    expect(dispatched.text).toContain('has been dispatched to 12 Oxford St, Osu')
    expect(dispatched.text).toContain(`http://${host}/account/orders/${order._id}`)
    expect(dispatched.text).not.toContain('key=')
    expect(smsTo('233201234567').map((s) => s.message).sort()).toEqual([
      `${shop.title}: we have your order ${order.orderId}, total GHS 122.50. Follow it here: http://${host}/account/orders/${order._id}`,
      `${shop.title}: your order ${order.orderId} is on its way. http://${host}/account/orders/${order._id}`,
    ].sort())
  })

  it('tells the buyer a declined online payment did not go through, and a buyer’s own cancel', async () => {
    const order = await place({ items: [{ product: scarf.id, count: 1 }], delivery: { type: 'pick-up' }, payment: { provider: 'test' } }, { user: shopper })
    const url = new URL(order.payment.redirectUrl!)
    const declined = await app.inject({
      method: 'POST',
      url: url.pathname,
      headers: { host, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ access: url.searchParams.get('access')!, outcome: 'cancel' }).toString(),
    })
    expect(declined.statusCode).toBe(303)
    const canceled = await app.inject({ method: 'PATCH', url: `/api/orders/${order._id}`, headers: shopper.headers, payload: { status: 'canceled' } })
    expect(canceled.statusCode).toBe(200)
    await app.outbox.drain()
    expect(mailWith(shopper.email, `Payment for order ${order.orderId} did not go through`).text).toContain('The payment was declined or canceled.')
    expect(mailWith(shopper.email, `Order ${order.orderId} is canceled`).text).toContain(`Your order ${order.orderId} is canceled.`)
    const confirmation = mailWith(shopper.email, `Your ${shop.title} order ${order.orderId}`)
    expect(confirmation.text).toContain('Payment: Waiting for your payment of GHS 102.50')
  })
})

describe('the shop’s notification settings', () => {
  const url = `/api/message-settings/${shop.id}`

  it('are for settings staff only: 403 for a manager, 404 for another shop’s owner, 401 anonymous', async () => {
    expect((await app.inject({ method: 'GET', url, headers: manager.headers })).statusCode).toBe(403)
    expect((await app.inject({ method: 'GET', url, headers: outsider.headers })).statusCode).toBe(404)
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401)
    const settings = await app.inject({ method: 'GET', url, headers: administrator.headers })
    expect(settings.json()).toMatchObject({ shop: shop.id, sms: true, smsAvailable: true, emailTransport: 'smtp', buyerEmails: { 'order-ready': true, 'order-confirmation': true } })
  })

  it('turn off one buyer e-mail and the SMS: the next ready order sends neither; bad input changes nothing', async () => {
    const bad = await app.inject({ method: 'PATCH', url, headers: owner.headers, payload: { buyerEmails: { 'order-ready': 'no' } } })
    expect(errorBody(bad).code).toBe(400)
    const changed = await app.inject({ method: 'PATCH', url, headers: owner.headers, payload: { buyerEmails: { 'order-ready': false }, sms: false } })
    expect(changed.statusCode).toBe(200)
    expect(changed.json()).toMatchObject({ sms: false, buyerEmails: { 'order-ready': false, 'order-delivered': true } })

    const email = 'quiet.buyer@example.com'
    const order = await place({ items: [{ product: scarf.id, count: 1 }], delivery: { type: 'pick-up' }, phone: '0277000111' }, { email })
    for (const status of ['packaged', 'ready']) await move(order._id, status)
    await app.outbox.drain()
    expect(mailTo(email).map((m) => m.subject)).toEqual([`Your ${shop.title} order ${order.orderId}`])
    expect(smsTo('233277000111')).toHaveLength(0)
    await app.inject({ method: 'PATCH', url, headers: owner.headers, payload: { buyerEmails: { 'order-ready': true }, sms: true } })
  })

  it('send a test e-mail to the caller', async () => {
    const response = await app.inject({ method: 'POST', url: `${url}/test-email`, headers: administrator.headers })
    expect(response.statusCode).toBe(202)
    expect(response.json()).toMatchObject({ recipient: administrator.email })
    expect((await app.inject({ method: 'POST', url: `${url}/test-email`, headers: keeper.headers })).statusCode).toBe(403)
    await app.outbox.drain()
    const [mail] = mailTo(administrator.email).filter((m) => m.subject === `Test e-mail from ${shop.title}`)
    expect(mail!.text).toContain('If you can read it')
  })
})

describe('staff alerts', () => {
  const url = `/api/staff-alerts/${shop.id}`

  it('are each person’s own: a keeper turns new orders on, the owner turns them off', async () => {
    expect((await app.inject({ method: 'GET', url, headers: keeper.headers })).json()).toEqual({ shop: shop.id, newOrders: false, lowStock: false })
    expect((await app.inject({ method: 'GET', url, headers: owner.headers })).json()).toEqual({ shop: shop.id, newOrders: true, lowStock: true })
    expect((await app.inject({ method: 'GET', url, headers: shopper.headers })).statusCode).toBe(404)
    expect((await app.inject({ method: 'PATCH', url, headers: keeper.headers, payload: { newOrders: true } })).json()).toMatchObject({ newOrders: true, lowStock: false })
    expect((await app.inject({ method: 'PATCH', url, headers: owner.headers, payload: { newOrders: false } })).json()).toMatchObject({ newOrders: false, lowStock: true })
    expect((await app.inject({ method: 'PATCH', url, headers: owner.headers, payload: { newOrders: 'yes' } })).statusCode).toBe(400)

    const order = await place({ items: [{ product: scarf.id, count: 1 }], delivery: { type: 'pick-up' } }, { email: 'alerts@example.com' })
    const recipients = (await listOutboxMessages(db, { event: `order:${order._id}:placed`, kind: 'staff-new-order' })).map((m) => m.recipient).sort()
    expect(recipients).toEqual([administrator.email, keeper.email].sort())
    await app.inject({ method: 'PATCH', url, headers: keeper.headers, payload: { newOrders: false } })
    await app.inject({ method: 'PATCH', url, headers: owner.headers, payload: { newOrders: true } })
  })

  it('say low stock once per crossing of the threshold; restocked and fallen again is a new alert', async () => {
    const buyShirts = (count: number) => place({ items: [{ product: shirt.id, variant: 'm', count }], delivery: { type: 'pick-up' } }, { email: 'shirts@example.com' })
    const alerts = async () => (await listOutboxMessages(db, { kind: 'staff-low-stock', recipient: owner.email })).length
    await buyShirts(1) // 7 → 6: above the threshold of 5
    expect(await alerts()).toBe(0)
    await buyShirts(1) // 6 → 5: crossed
    expect(await alerts()).toBe(1)
    await buyShirts(2) // 5 → 3: already low
    expect(await alerts()).toBe(1)
    const restocked = await app.inject({ method: 'POST', url: '/api/inventory/', headers: keeper.headers, payload: { product: shirt.id, variant: 'm', quantity: 9 } })
    expect(restocked.statusCode, restocked.body).toBeLessThan(300)
    await buyShirts(5) // 9 → 4: crossed again
    expect(await alerts()).toBe(2)
    await app.outbox.drain()
    const mails = mailTo(owner.email).filter((m) => m.subject.startsWith('Low stock'))
    expect(mails.map((m) => m.subject)).toEqual(['Low stock: Batik shirt (size: M)', 'Low stock: Batik shirt (size: M)'])
    expect(mails[1]!.text).toContain('Only 4 of Batik shirt (size: M) left (your low-stock level is 5).')
    expect(mails[1]!.text).toContain(`http://${host}/admin/products/${shirt.id}`)
    expect(mailTo(keeper.email).filter((m) => m.subject.startsWith('Low stock'))).toHaveLength(0)
  })
})

describe('an order that fails', () => {
  it('writes no message: the rows go with the rolled-back order', async () => {
    const email = 'too.many@example.com'
    const response = await app.inject({ method: 'POST', url: `/api/orders/?shop=${shop.id}&email=${email}`, payload: { items: [{ product: shirt.id, variant: 'm', count: 10 }], delivery: { type: 'pick-up' } } })
    expect(response.statusCode).toBe(409)
    expect(await listOutboxMessages(db, { recipient: email })).toEqual([])
  })
})

describe('an order’s messages', () => {
  it('are listed to its shop’s staff with their outcome, and staff who move orders send one again', async () => {
    const email = 'resend.me@example.com'
    const order = await place({ items: [{ product: scarf.id, count: 1 }], delivery: { type: 'pick-up' } }, { email })
    peer.refuseAll()
    try {
      await app.outbox.drain()
    } finally {
      peer.refuse(0)
    }
    let list = await messagesOf(order._id)
    const confirmation = list.find((m) => m.kind === 'order-confirmation')!
    expect(confirmation).toMatchObject({ channel: 'email', recipient: email, status: 'pending' })
    expect(confirmation.error).toContain('451')
    expect(list.filter((m) => m.kind === 'staff-new-order').map((m) => m.recipient).sort()).toEqual([administrator.email, owner.email].sort())

    expect((await app.inject({ method: 'GET', url: `/api/orders/${order._id}/messages`, headers: outsider.headers })).statusCode).toBe(404)
    expect((await app.inject({ method: 'GET', url: `/api/orders/${order._id}/messages`, headers: shopper.headers })).statusCode).toBe(404)
    expect((await app.inject({ method: 'GET', url: `/api/orders/${order._id}/messages` })).statusCode).toBe(401)

    const resend = (messageId: string, user: TestUser = keeper) =>
      app.inject({ method: 'POST', url: `/api/orders/${order._id}/messages/${messageId}/resend`, headers: user.headers })
    expect((await resend(confirmation._id, outsider)).statusCode).toBe(404)
    expect((await resend(confirmation._id, shopper)).statusCode).toBe(404)
    expect((await resend(confirmation._id, { ...keeper, headers: { authorization: 'Bearer nobody' } })).statusCode).toBe(401)
    const other = (await listOutboxMessages(db, { kind: 'order-confirmation', recipient: shopper.email }))[0]!
    expect((await resend(other.id)).statusCode).toBe(404)
    const again = await resend(confirmation._id)
    expect(again.statusCode, again.body).toBe(202)
    expect(again.json()).toMatchObject({ kind: 'order-confirmation', recipient: email, status: 'pending' })

    // Only the resend is due now: the refused messages wait for their backoff. Mark the original
    // failed for good, as after its last attempt, so its outcome shows beside the resend's.
    await db.update(outboxMessages).set({ status: 'failed' }).where(eq(outboxMessages.id, confirmation._id))
    await app.outbox.drain()
    list = await messagesOf(order._id)
    expect(list.filter((m) => m.kind === 'order-confirmation' && m.channel === 'email').map((m) => m.status).sort()).toEqual(['failed', 'sent'])
    expect(mailWith(email, `Your ${shop.title} order ${order.orderId}`).text).toContain(`/orders/${order._id}?key=${order.accessKey}`)
  })

  it('answer 404 for an order of another shop and 400 for a malformed id', async () => {
    const foreign = await app.inject({ method: 'GET', url: `/api/orders/00000000-0000-4000-8000-000000000000/messages`, headers: keeper.headers })
    expect(foreign.statusCode).toBe(404)
    expect((await app.inject({ method: 'GET', url: '/api/orders/not-an-id/messages', headers: keeper.headers })).statusCode).toBe(400)
    expect(otherShop.id).not.toBe(shop.id)
  })
})
