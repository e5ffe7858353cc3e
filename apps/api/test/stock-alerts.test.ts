/**
 * "Tell me when it's back": subscribing (validation, duplicates, in stock, hidden, another shop), staff's
 * count of who waits, and one outbox message per subscriber when a stock change puts the variant back:
 * staff setting the stock, the CSV import and a canceled order's restock; then unsubscribing with its key.
 */
import type { Product } from '@shop/domain/schemas/catalog'
import type { Order } from '@shop/domain/schemas/orders'
import type { StockAlert, StockAlertWaiting } from '@shop/domain/schemas/stock-alerts'
import { parse } from 'csv-parse/sync'
import { stringify } from 'csv-stringify/sync'
import { eq } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { outboxMessages, shopConfigs, stockAlerts } from '../src/db/schema'
import { commerceFixtures } from './commerce-fixtures'
import { startFakeArkesel } from './fake-arkesel'
import { type TestUser, createStaffedShop, errorBody, setupApp } from './helpers'
import { listOutboxMessages } from './outbox-rows'

const arkesel = await startFakeArkesel()
afterAll(() => arkesel.close())
const ctx = await setupApp({ arkesel: { apiKey: arkesel.apiKey, senderId: 'KenteShop', baseUrl: arkesel.url } })
const db = ctx.database.db
const { shop, otherShop, keeper, owner, shopper, outsider } = await createStaffedShop(ctx)
const { addRate } = commerceFixtures(ctx, shop.id)

const inject = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, user?: TestUser, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: user ? user.headers : {}, ...(payload === undefined ? {} : { payload: payload as object }) })

async function create(title: string, extra: Record<string, unknown> = {}, user = keeper, shopId = shop.id): Promise<Product> {
  const response = await inject('POST', '/api/products/', user, { shop: shopId, title, price: { value: 10, currency: 'GHS' }, ...extra })
  expect(response.statusCode, response.body).toBe(201)
  return response.json()
}
async function stock(product: string, variant: string | null, quantity: number, user = keeper, tracked?: boolean) {
  const response = await inject('POST', '/api/inventory/', user, { product, variant, quantity, ...(tracked === undefined ? {} : { tracked }) })
  expect(response.statusCode, response.body).toBe(200)
}
/** Each shopper from an address of their own: one address may subscribe only a few times a minute. */
let shoppers = 0
const subscribe = (body: Record<string, unknown>, user?: TestUser, remoteAddress = `10.0.0.${++shoppers}`) =>
  ctx.app.inject({ method: 'POST', url: '/api/stock-alerts/', headers: user ? user.headers : {}, payload: body, remoteAddress })
async function subscribed(body: Record<string, unknown>, user?: TestUser): Promise<StockAlert> {
  const response = await subscribe(body, user)
  expect(response.statusCode, response.body).toBe(201)
  return response.json()
}
const waiting = async (product: string, user: TestUser = keeper) => {
  const response = await inject('GET', `/api/stock-alerts/?product=${product}`, user)
  expect(response.statusCode, response.body).toBe(200)
  return Object.fromEntries(response.json<StockAlertWaiting>().data.map((row) => [row.variant ?? '', row.waiting]))
}
const backMessages = () => listOutboxMessages(db, { kind: 'stock-back' })
const messageOf = async (alertId: string) => (await listOutboxMessages(db, { event: `stock-alert:${alertId}` }))

const shirt = await create('Kente shirt', { variants: [{ features: { Size: 'S' } }, { features: { Size: 'M' } }] })
const [small, medium] = shirt.variants.map((variant) => variant._id) as [string, string]
await stock(shirt._id, small, 0)
await stock(shirt._id, medium, 5)
const mug = await create('Clay mug')
await stock(mug._id, null, 0)
const hidden = await create('Hidden stole', { available: false })
await stock(hidden._id, null, 0)
const foreign = await create('Other shop shirt', {}, outsider, otherShop.id)
await stock(foreign._id, null, 0, outsider)

describe('subscribing', () => {
  it('takes a phone in any Ghanaian form or an e-mail, and the same contact and variant is one alert', async () => {
    const byPhone = await subscribed({ shop: shop.id, product: shirt._id, variant: small, phone: '024 412 3456' })
    expect(byPhone).toMatchObject({ product: shirt._id, variant: small, channel: 'sms' })
    expect(byPhone.message).toContain('+233244123456')
    const again = await subscribed({ shop: shop.id, product: shirt._id, variant: small, phone: '+233 24 412 3456' })
    expect(again._id).toBe(byPhone._id)
    const byEmail = await subscribed({ shop: shop.id, product: shirt._id, variant: small, email: 'Ama@Example.com' }, shopper)
    expect(byEmail).toMatchObject({ channel: 'email' })
    expect((await subscribed({ shop: shop.id, product: shirt._id, variant: small, email: 'ama@example.com' }))._id).toBe(byEmail._id)
    const rows = await db.select().from(stockAlerts).where(eq(stockAlerts.productId, shirt._id))
    expect(rows.map((row) => row.contact).sort()).toEqual(['+233244123456', 'ama@example.com'])
  })

  it('refuses bad input with a 400 naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ shop: shop.id, product: shirt._id, variant: small }, 'phone'],
      [{ shop: shop.id, product: shirt._id, variant: small, phone: '024 412 3456', email: 'a@b.co' }, 'phone'],
      [{ shop: shop.id, product: shirt._id, variant: small, phone: '12345' }, 'phone'],
      [{ shop: shop.id, product: shirt._id, variant: small, email: 'not an e-mail' }, 'email'],
      [{ shop: shop.id, product: shirt._id, phone: '024 412 3456' }, 'variant'],
      [{ shop: shop.id, product: shirt._id, variant: 'nope', phone: '024 412 3456' }, 'variant'],
      [{ shop: shop.id, product: mug._id, variant: small, phone: '024 412 3456' }, 'variant'],
      [{ shop: shop.id, product: 'not-a-uuid', phone: '024 412 3456' }, 'product'],
      [{ shop: shop.id, product: mug._id, phone: '024 412 3456', extra: 1 }, ''],
    ]
    for (const [body, path] of cases) {
      const response = await subscribe(body)
      expect(response.statusCode, JSON.stringify(body)).toBe(400)
      const error = errorBody(response)
      expect(error.name).toBe('BadRequest')
      if (path) expect(JSON.stringify(error), JSON.stringify(body)).toContain(path)
    }
  })

  it('answers 409 for a variant in stock and 404 for a hidden product, another shop\'s or none', async () => {
    const inStock = await subscribe({ shop: shop.id, product: shirt._id, variant: medium, phone: '024 412 3456' })
    expect(inStock.statusCode).toBe(409)
    expect(errorBody(inStock).message).toContain('in stock')
    for (const body of [
      { shop: shop.id, product: hidden._id, phone: '024 412 3456' },
      { shop: shop.id, product: foreign._id, phone: '024 412 3456' },
      { shop: otherShop.id, product: mug._id, phone: '024 412 3456' },
      { shop: shop.id, product: '00000000-0000-4000-8000-000000000000', phone: '024 412 3456' },
    ]) {
      const response = await subscribe(body)
      expect(response.statusCode, JSON.stringify(body)).toBe(404)
    }
  })

  it('lets one address subscribe 10 times a minute', async () => {
    const codes: number[] = []
    for (let i = 0; i < 11; i += 1) codes.push((await subscribe({ shop: shop.id, product: mug._id, phone: '024 412 3456' }, undefined, '10.9.9.9')).statusCode)
    expect(codes.slice(0, 10).every((code) => code === 201)).toBe(true)
    expect(codes[10]).toBe(429)
    await db.delete(stockAlerts).where(eq(stockAlerts.productId, mug._id))
  })
})

describe('staff count who waits', () => {
  it('per variant, for keepers and up of the shop only', async () => {
    expect(await waiting(shirt._id)).toEqual({ [small]: 2 })
    expect(await waiting(shirt._id, owner)).toEqual({ [small]: 2 })
    expect((await inject('GET', `/api/stock-alerts/?product=${shirt._id}`)).statusCode).toBe(401)
    expect([403, 404]).toContain((await inject('GET', `/api/stock-alerts/?product=${shirt._id}`, shopper)).statusCode)
    expect([403, 404]).toContain((await inject('GET', `/api/stock-alerts/?product=${shirt._id}`, outsider)).statusCode)
  })
})

describe('back in stock', () => {
  it('sends each subscriber one message through the outbox when staff restock, and never again', async () => {
    await stock(shirt._id, medium, 9)
    expect(await backMessages()).toHaveLength(0)
    await stock(shirt._id, small, 3)
    const messages = await backMessages()
    expect(messages.map((message) => [message.channel, message.recipient]).sort()).toEqual([
      ['email', 'ama@example.com'],
      ['sms', '+233244123456'],
    ])
    for (const message of messages) {
      expect(message.shopId).toBe(shop.id)
      expect(message.data).toMatchObject({ title: 'Kente shirt', features: 'Size: S', path: `/products/${shirt._id}-kente-shirt` })
      expect((message.secrets as Record<string, string>).unsubscribePath).toMatch(/^\/stock-alerts\/[0-9a-f-]+\?key=\S+$/)
    }
    expect(await waiting(shirt._id)).toEqual({})
    const rows = await db.select().from(stockAlerts).where(eq(stockAlerts.productId, shirt._id))
    expect(rows.every((row) => row.sentAt !== null && row.keyHash !== null)).toBe(true)
    await stock(shirt._id, small, 0)
    await stock(shirt._id, small, 4)
    expect(await backMessages()).toHaveLength(2)
  })

  it('sends when the CSV import restocks', async () => {
    const alert = await subscribed({ shop: shop.id, product: mug._id, email: 'kofi@example.com' })
    const exported = await inject('GET', `/api/products.csv?shop=${shop.id}`, keeper)
    const rows = parse<Record<string, string>>(exported.body, { columns: true }).map((row) => (row.product_id === mug._id ? { ...row, stock: '6' } : row))
    const imported = await ctx.app.inject({
      method: 'POST',
      url: `/api/products.csv?shop=${shop.id}`,
      headers: { ...keeper.headers, 'content-type': 'text/csv' },
      payload: stringify(rows, { header: true }),
    })
    expect(imported.statusCode, imported.body).toBe(200)
    expect((await messageOf(alert._id)).map((message) => message.recipient)).toEqual(['kofi@example.com'])
  })

  it('sends when a canceled order gives the last units back', async () => {
    await db.update(shopConfigs).set({ paymentOptions: [{ provider: 'manual', enabled: true }] }).where(eq(shopConfigs.shopId, shop.id))
    const rate = await addRate({ name: 'Accra riders', rateMinor: 2_000 })
    const placed = await inject('POST', `/api/orders/?shop=${shop.id}&email=buyer@example.com`, undefined, {
      items: [{ product: mug._id, count: 6 }],
      delivery: { type: 'dispatch', region: 'GH-AA', address: '12 Oxford St, Osu', rate: rate.id },
      phone: '+233201234567',
    })
    expect(placed.statusCode, placed.body).toBe(201)
    const alert = await subscribed({ shop: shop.id, product: mug._id, phone: '020 123 4567' })
    expect(await messageOf(alert._id)).toHaveLength(0)
    const canceled = await inject('PATCH', `/api/orders/${placed.json<Order>()._id}`, keeper, { status: 'canceled' })
    expect(canceled.statusCode, canceled.body).toBe(200)
    expect((await messageOf(alert._id)).map((message) => [message.channel, message.recipient])).toEqual([['sms', '+233201234567']])
  })
})

describe('edge cases of sending', () => {
  it('sends when staff stop tracking a sold-out variant, once when two restocks race, and forgets removed variants', async () => {
    const dress = await create('Batik dress', { variants: [{ features: { Size: 'S' } }, { features: { Size: 'M' } }] })
    const [s, m] = dress.variants.map((variant) => variant._id) as [string, string]
    await stock(dress._id, s, 0)
    await stock(dress._id, m, 0)
    const untracked = await subscribed({ shop: shop.id, product: dress._id, variant: s, email: 'esi@example.com' })
    const raced = await subscribed({ shop: shop.id, product: dress._id, variant: m, email: 'esi@example.com' })
    await stock(dress._id, s, 0, keeper, false)
    expect((await messageOf(untracked._id)).map((message) => message.recipient)).toEqual(['esi@example.com'])

    await Promise.all([stock(dress._id, m, 2), stock(dress._id, m, 7), stock(dress._id, m, 1)])
    expect(await messageOf(raced._id)).toHaveLength(1)

    await stock(dress._id, m, 0)
    await subscribed({ shop: shop.id, product: dress._id, variant: m, email: 'yaw@example.com' })
    expect(await waiting(dress._id)).toEqual({ [m]: 1 })
    const edited = await inject('PATCH', `/api/products/${dress._id}`, keeper, { variants: [{ _id: s, features: { Size: 'S' } }] })
    expect(edited.statusCode, edited.body).toBe(200)
    expect(await waiting(dress._id)).toEqual({})
  })
})

describe('unsubscribing', () => {
  it('needs the key of the message, and takes the contact\'s other waiting alerts in the shop with it', async () => {
    await stock(mug._id, null, 0)
    const sent = (await db.select().from(stockAlerts).where(eq(stockAlerts.contact, '+233244123456')))[0]!
    const waitingMug = await subscribed({ shop: shop.id, product: mug._id, phone: '0244123456' })
    expect(await waiting(mug._id)).toEqual({ '': 1 })
    const [message] = await db.select().from(outboxMessages).where(eq(outboxMessages.event, `stock-alert:${sent.id}`))
    const link = new URL((message!.secrets as Record<string, string>).unsubscribePath!, 'https://shop.test')
    expect(link.pathname).toBe(`/stock-alerts/${sent.id}`)
    expect((await inject('DELETE', `/api/stock-alerts/${sent.id}?key=wrong`)).statusCode).toBe(404)
    expect((await inject('DELETE', `/api/stock-alerts/${waitingMug._id}?key=${link.searchParams.get('key')}`)).statusCode).toBe(404)
    const response = await inject('DELETE', `/api/stock-alerts/${sent.id}?key=${link.searchParams.get('key')}`)
    expect(response.statusCode, response.body).toBe(204)
    expect(await waiting(mug._id)).toEqual({})
    expect((await inject('DELETE', `/api/stock-alerts/${sent.id}?key=${link.searchParams.get('key')}`)).statusCode).toBe(404)
    expect((await inject('DELETE', `/api/stock-alerts/${sent.id}`)).statusCode).toBe(400)
  })
})
