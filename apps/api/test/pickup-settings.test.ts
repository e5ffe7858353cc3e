/**
 * Pick-up done right (decision 66): a shop says whether it offers pick-up and delivery (at least one) and
 * where, how to find and when to collect; the settings refuse nonsense, the public shop answer carries the
 * place, checkouts and orders refuse a kind the shop does not offer, and the order's messages say where to
 * pick up.
 */
import type { Order } from '@shop/domain/schemas/orders'
import { eq } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { shopConfigs } from '../src/db/schema'
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
const ctx = await setupApp({
  smtpUrl: peer.url,
  mailFrom: 'orders@mail.test',
  arkesel: { apiKey: arkesel.apiKey, senderId: 'KenteShop', baseUrl: arkesel.url },
})
const { app, database } = ctx
const db = database.db
const { shop, otherShop, owner, administrator, manager, outsider } = await createStaffedShop(ctx)
const { addProduct, addRate } = commerceFixtures(ctx, shop.id)
const scarf = await addProduct({ title: 'Kente scarf', priceMinor: 10_000 })
const rider = await addRate({ name: 'Accra riders', regions: ['GH-AA'], rateMinor: 2_000, paymentOption: 'on-delivery' })

const place = {
  address: '14 Oxford Street, Osu, Accra',
  directions: 'Opposite the Koala supermarket, first floor',
  hours: 'Mon–Sat 9am–6pm',
}

const patchConfig = (payload: Record<string, unknown>, user: TestUser = administrator, shopId = shop.id) =>
  app.inject({ method: 'PATCH', url: `/api/shop-configs/${shopId}`, headers: user.headers, payload })
const configRow = async () => (await db.select().from(shopConfigs).where(eq(shopConfigs.shopId, shop.id)))[0]!
const order = (body: Record<string, unknown>, email = 'ama@example.com') =>
  app.inject({ method: 'POST', url: `/api/orders/?shop=${shop.id}&email=${email}`, payload: { items: [{ product: scarf.id, count: 1 }], ...body } })
const checkout = (body: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: `/api/checkouts/?shop=${shop.id}&email=ama@example.com`, payload: { items: [{ product: scarf.id, count: 1 }], ...body } })
const plain = (text: string) => text.replace(/\u00a0/g, ' ')

describe('the pick-up place in the shop settings', () => {
  it('answers the defaults: both offered, no place yet', async () => {
    const response = await app.inject({ method: 'GET', url: `/api/shop-configs/${shop.id}`, headers: administrator.headers })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toMatchObject({ offersPickup: true, offersDelivery: true, pickupAddress: '', pickupDirections: '', pickupHours: '' })
  })

  it('refuses pick-up without an address (400 naming pickupAddress) and changes nothing', async () => {
    for (const body of [{ offersPickup: true }, { offersPickup: true, pickupAddress: '   ' }, { pickupAddress: '' }]) {
      const response = await patchConfig(body)
      expect(response.statusCode, JSON.stringify(body)).toBe(400)
      expect(errorBody(response).errors).toEqual([{ path: 'pickupAddress', message: expect.stringMatching(/^is required to offer pick-up/) }])
    }
    expect(await configRow()).toMatchObject({ offersPickup: true, pickupAddress: '' })
  })

  it('still saves other settings of a shop that offered pick-up before it had an address', async () => {
    const response = await patchConfig({ taxRate: 0 })
    expect(response.statusCode, response.body).toBe(200)
  })

  it('saves the place trimmed, and answers it', async () => {
    const response = await patchConfig({
      offersPickup: true,
      pickupAddress: `  ${place.address} `,
      pickupDirections: ` ${place.directions}`,
      pickupHours: place.hours,
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toMatchObject({ offersPickup: true, offersDelivery: true, pickupAddress: place.address, pickupDirections: place.directions, pickupHours: place.hours })
  })

  it('refuses turning both off (400) and changes nothing', async () => {
    expect((await patchConfig({ offersDelivery: false })).statusCode).toBe(200)
    const response = await patchConfig({ offersPickup: false })
    expect(response.statusCode, response.body).toBe(400)
    expect(errorBody(response).errors).toEqual([{ path: 'offersPickup', message: 'cannot be turned off too: offer pick-up, delivery or both' }])
    const both = await patchConfig({ offersPickup: false, offersDelivery: false })
    expect(both.statusCode, both.body).toBe(400)
    expect(await configRow()).toMatchObject({ offersPickup: true, offersDelivery: false })
    expect((await patchConfig({ offersDelivery: true })).statusCode).toBe(200)
  })

  it('is for administrators and owners of the shop only', async () => {
    expect((await patchConfig({ pickupHours: 'Never' }, manager)).statusCode).toBe(403)
    expect((await patchConfig({ pickupHours: 'Never' }, outsider)).statusCode).toBe(404)
    // Each shop's own settings: the other shop still has no place to collect from.
    expect((await patchConfig({ offersPickup: true }, outsider, otherShop.id)).statusCode).toBe(400)
    expect((await patchConfig({ pickupHours: 'Sat only' }, owner)).statusCode).toBe(200)
    expect((await configRow()).pickupHours).toBe('Sat only')
    expect((await patchConfig({ pickupHours: place.hours })).statusCode).toBe(200)
  })

  it('refuses text too long and unknown fields with 400', async () => {
    for (const body of [{ pickupAddress: 'x'.repeat(301) }, { pickupHours: 'x'.repeat(501) }, { offersPickup: 'yes' }, { pickup: {} }]) {
      const response = await patchConfig(body)
      expect(response.statusCode, JSON.stringify(body)).toBe(400)
      errorBody(response)
    }
  })
})

describe('the public shop answer', () => {
  it('carries what the storefront needs: which kinds are offered and the pick-up place', async () => {
    for (const url of [`/api/shops/${shop.id}`, `/api/shops/${shop.slug}`]) {
      const response = await app.inject({ method: 'GET', url })
      expect(response.statusCode, response.body).toBe(200)
      expect(response.json()).toMatchObject({
        offersPickup: true,
        offersDelivery: true,
        pickupAddress: place.address,
        pickupDirections: place.directions,
        pickupHours: place.hours,
      })
    }
  })
})

describe('checkout and placement', () => {
  it('refuse a kind the shop does not offer (400 naming delivery.type) and write nothing', async () => {
    expect((await patchConfig({ offersDelivery: false })).statusCode).toBe(200)
    const dispatch = { type: 'dispatch', region: 'GH-AA', rate: rider.id, address: 'Osu', phone: '0244123456' }
    for (const send of [order, checkout]) {
      const response = await send({ delivery: dispatch })
      expect(response.statusCode, response.body).toBe(400)
      expect(errorBody(response).errors).toEqual([{ path: 'delivery.type', message: 'is not offered: this shop does not deliver' }])
    }
    expect((await patchConfig({ offersDelivery: true, offersPickup: false })).statusCode).toBe(200)
    for (const send of [order, checkout]) {
      const response = await send({ delivery: { type: 'pick-up' } })
      expect(response.statusCode, response.body).toBe(400)
      expect(errorBody(response).errors).toEqual([{ path: 'delivery.type', message: 'is not offered: this shop does not offer pick-up' }])
    }
    expect((await order({ delivery: dispatch })).statusCode).toBe(201)
    expect((await patchConfig({ offersPickup: true })).statusCode).toBe(200)
  })

  it('confirm a pick-up order with the address, directions and hours, by e-mail and SMS, and again when it is ready', async () => {
    const response = await order({ delivery: { type: 'pick-up' }, phone: '024 412 3456' }, 'kofi@example.com')
    expect(response.statusCode, response.body).toBe(201)
    const placed = response.json<Order>()
    const rows = await listOutboxMessages(db, { event: `order:${placed._id}:placed` })
    expect(rows.map((row) => `${row.kind}/${row.channel}`).sort()).toContain('order-confirmation/sms')
    await app.outbox.drain()
    const mail = peer.received.find((m) => m.envelopeTo.includes('kofi@example.com') && plain(m.subject).includes(placed.orderId))!
    expect(plain(mail.text)).toContain(`Pick up at ${place.address}`)
    expect(plain(mail.text)).toContain(`How to find it: ${place.directions}`)
    expect(plain(mail.text)).toContain(`Opening hours: ${place.hours}`)
    expect(plain(mail.html)).toContain(`Pick up at ${place.address}`)
    expect(plain(mail.text)).not.toContain('Pick-up at the shop')
    // This order's SMS: the dispatch order placed above went to the same phone.
    const sms = arkesel.sent.filter((s) => s.recipients.includes('233244123456')).map((s) => plain(s.message)).filter((text) => text.includes(placed.orderId))
    expect(sms.at(-1)).toContain(`Pick up at ${place.address}.`)

    for (const status of ['packaged', 'ready']) {
      const moved = await app.inject({ method: 'PATCH', url: `/api/orders/${placed._id}`, headers: administrator.headers, payload: { status } })
      expect(moved.statusCode, moved.body).toBe(200)
    }
    await app.outbox.drain()
    const ready = peer.received.find((m) => m.envelopeTo.includes('kofi@example.com') && plain(m.subject) === `Order ${placed.orderId} is ready for pick-up`)!
    expect(plain(ready.text)).toContain(`come and collect it at ${place.address}`)
    expect(plain(ready.text)).toContain(`Opening hours: ${place.hours}`)
    const readySms = arkesel.sent.filter((s) => s.recipients.includes('233244123456')).map((s) => plain(s.message)).filter((text) => text.includes(placed.orderId))
    expect(readySms.at(-1)).toContain(`is ready for pick-up at ${place.address} (${place.hours}).`)
  })
})
