/**
 * What keeps a stranger from holding a shop's stock (decision 52): the most of one item in a shopper's
 * checkout or order, and the cap on pay-on-delivery orders one phone, e-mail or delivery address may have
 * waiting for the shop's confirmation. The shop's staff are held to neither.
 */
import type { Order } from '@shop/domain/schemas/orders'
import { count, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Limits } from '../src/config'
import { checkouts, inventory, orders, shopConfigs } from '../src/db/schema'
import { commerceFixtures } from './commerce-fixtures'
import { type TestShop, type TestUser, createShop, createStaffedShop, createUser, errorBody, productionLimits, setupApp } from './helpers'

// The abuse limits as in production, but roomy enough for this file's many orders from one address.
const roomy = { max: 10_000, windowMs: 600_000 }
const limits: Limits = { ...productionLimits, ordersPerBuyer: roomy, ordersPerIp: roomy, checkoutsPerBuyer: roomy, checkoutsPerIp: roomy }
const ctx = await setupApp({ limits })
const db = ctx.database.db
const { shop, otherShop, owner, administrator, manager, keeper, shopper, outsider } = await createStaffedShop(ctx)

type Buyer = { user?: TestUser; email?: string }

async function stocked(shopId: string, quantity = 1000) {
  const product = await commerceFixtures(ctx, shopId).addProduct({ title: 'Kente scarf' })
  await db.insert(inventory).values({ shopId, productId: product.id, variantId: '', quantity, tracked: true })
  return product
}

const stockOf = async (productId: string) => (await db.select().from(inventory).where(eq(inventory.productId, productId)))[0]!.quantity
const ordersIn = async (shopId: string) => (await db.select({ n: count() }).from(orders).where(eq(orders.shopId, shopId)))[0]!.n
const checkoutsIn = async (shopId: string) => (await db.select({ n: count() }).from(checkouts).where(eq(checkouts.shopId, shopId)))[0]!.n

function post(path: 'orders' | 'checkouts', shopId: string, body: object, buyer: Buyer = {}) {
  const email = buyer.user ? '' : `&email=${encodeURIComponent(buyer.email ?? 'buyer@example.com')}`
  return ctx.app.inject({ method: 'POST', url: `/api/${path}/?shop=${shopId}${email}`, headers: buyer.user?.headers, payload: body })
}

const pickUp = { type: 'pick-up' }

async function placed(shopId: string, body: object, buyer: Buyer = {}): Promise<Order> {
  const response = await post('orders', shopId, body, buyer)
  expect(response.statusCode, response.body).toBe(201)
  return response.json()
}

const patchConfig = (shopId: string, user: TestUser, payload: object) =>
  ctx.app.inject({ method: 'PATCH', url: `/api/shop-configs/${shopId}`, headers: user.headers, payload })

// ---------------------------------------------------------------- the most of one item per order

describe("the most of one item in a shopper's order", () => {
  it('refuses an order with a line above 10 with a 400 naming items.N.count, and changes nothing', async () => {
    const scarf = await stocked(shop.id)
    const mug = await stocked(shop.id)
    for (const buyer of [{ email: 'stranger@example.com' }, { user: shopper }, { user: outsider }]) {
      const before = await ordersIn(shop.id)
      const response = await post('orders', shop.id, { items: [{ product: scarf.id, count: 10 }, { product: mug.id, count: 11 }], delivery: pickUp }, buyer)
      expect(response.statusCode).toBe(400)
      const body = errorBody(response)
      expect(body.errors).toEqual([
        { path: 'items.1.count', message: 'is more than this shop sells of one item in one order (at most 10; contact the shop for more)' },
      ])
      expect(body.message).toBe('Invalid body: items.1.count is more than this shop sells of one item in one order (at most 10; contact the shop for more)')
      expect(await ordersIn(shop.id)).toBe(before)
    }
    expect([await stockOf(scarf.id), await stockOf(mug.id)]).toEqual([1000, 1000])
    // Ten of each is fine.
    const order = await placed(shop.id, { items: [{ product: scarf.id, count: 10 }, { product: mug.id, count: 10 }], delivery: pickUp })
    expect(order.items.map((line) => line.count)).toEqual([10, 10])
  })

  it('refuses a checkout with a line above it the same way, writing nothing', async () => {
    const scarf = await stocked(shop.id)
    const before = await checkoutsIn(shop.id)
    for (const buyer of [{ email: 'stranger@example.com' }, { user: shopper }]) {
      const response = await post('checkouts', shop.id, { items: [{ product: scarf.id, count: 1000 }], delivery: pickUp }, buyer)
      expect(response.statusCode).toBe(400)
      expect(errorBody(response).errors?.map((error) => error.path)).toEqual(['items.0.count'])
    }
    expect(await checkoutsIn(shop.id)).toBe(before)
  })

  it("does not hold the shop's staff to it, on either path", async () => {
    const scarf = await stocked(shop.id)
    for (const user of [owner, administrator, manager, keeper]) {
      const checkout = await post('checkouts', shop.id, { items: [{ product: scarf.id, count: 50 }], delivery: pickUp }, { user })
      expect(checkout.statusCode, checkout.body).toBe(201)
      const order = await placed(shop.id, { items: [{ product: scarf.id, count: 50 }], delivery: pickUp }, { user })
      expect(order.items[0]!.count).toBe(50)
    }
    expect(await stockOf(scarf.id)).toBe(800)
  })

  it('holds whoever places a checkout to it, even one the staff made', async () => {
    const scarf = await stocked(shop.id)
    const made = await post('checkouts', shop.id, { items: [{ product: scarf.id, count: 20 }], delivery: pickUp }, { user: keeper })
    expect(made.statusCode).toBe(201)
    const response = await post('orders', shop.id, { checkout: made.json()._id, delivery: pickUp }, { email: 'friend@example.com' })
    expect(response.statusCode).toBe(400)
    expect(errorBody(response).errors?.map((error) => error.path)).toEqual(['items.0.count'])
    expect(await stockOf(scarf.id)).toBe(1000)
  })

  it("follows the shop's own most, which the public profile tells the storefront", async () => {
    const { shop: own, owner: ownOwner } = await createStaffedShop(ctx)
    const scarf = await stocked(own.id)
    const profile = async () => (await ctx.app.inject({ method: 'GET', url: `/api/shops/${own.id}` })).json()
    expect((await profile()).shopperLineMax).toBe(10)
    expect((await patchConfig(own.id, ownOwner, { shopperLineMax: 2 })).statusCode).toBe(200)
    expect((await profile()).shopperLineMax).toBe(2)
    expect((await post('orders', own.id, { items: [{ product: scarf.id, count: 3 }], delivery: pickUp })).statusCode).toBe(400)
    await placed(own.id, { items: [{ product: scarf.id, count: 2 }], delivery: pickUp })
    // Another shop keeps its own.
    expect((await post('orders', otherShop.id, { items: [{ product: (await stocked(otherShop.id)).id, count: 3 }], delivery: pickUp })).statusCode).toBe(201)
  })
})

// ---------------------------------------------------------------- pay-on-delivery orders waiting for the shop

describe('pay-on-delivery orders waiting for the shop to confirm them', () => {
  /** A shop of its own per test, so the counts start at nothing. */
  async function freshShop() {
    const staffed = await createStaffedShop(ctx)
    const rate = await commerceFixtures(ctx, staffed.shop.id).addRate({ name: 'Riders', paymentOption: 'on-delivery' })
    return { ...staffed, scarf: await stocked(staffed.shop.id), rate }
  }

  const line = (productId: string) => ({ items: [{ product: productId, count: 1 }] })
  const dispatch = (rateId: string, address: string) => ({ type: 'dispatch', region: 'GH-AA', rate: rateId, address })

  function expectWaitingRefusal(response: { statusCode: number; json(): unknown }, path: string) {
    expect(response.statusCode).toBe(409)
    const body = errorBody(response)
    expect(body.errors?.map((error) => error.path)).toEqual([path])
    expect(body.message).toMatch(/already has 3 orders paid on delivery that the shop has not confirmed yet/)
    expect(body.message).toMatch(/call the shop, or wait until your orders are confirmed/)
  }

  it('refuses a fourth from one phone, in any way it is written, and places nothing', async () => {
    const { shop: own, scarf } = await freshShop()
    for (const [i, phone] of ['024 412 3456', '0244123456', '+233 24 412 3456'].entries()) {
      await placed(own.id, { ...line(scarf.id), delivery: pickUp, phone }, { email: `buyer${i}@example.com` })
    }
    const response = await post('orders', own.id, { ...line(scarf.id), delivery: pickUp, phone: '+233244123456' }, { email: 'buyer9@example.com' })
    expectWaitingRefusal(response, 'phone')
    expect(await ordersIn(own.id)).toBe(3)
    expect(await stockOf(scarf.id)).toBe(997)
    // Another phone, e-mail and no address: welcome.
    await placed(own.id, { ...line(scarf.id), delivery: pickUp, phone: '020 111 2222' }, { email: 'other@example.com' })
  })

  it('refuses a fourth from one e-mail whatever its case, and from one signed-in buyer', async () => {
    const { shop: own, scarf } = await freshShop()
    for (const [i, email] of ['Ama@Example.com', 'ama@example.com', 'AMA@EXAMPLE.COM'].entries()) {
      await placed(own.id, { ...line(scarf.id), delivery: pickUp, phone: `020 000 000${i}` }, { email })
    }
    expectWaitingRefusal(await post('orders', own.id, { ...line(scarf.id), delivery: pickUp, phone: '020 000 0009' }, { email: 'ama@example.COM' }), 'email')

    const signedIn = await createUser(ctx)
    for (let i = 0; i < 3; i++) await placed(own.id, { ...line(scarf.id), delivery: pickUp, phone: `027 000 000${i}` }, { user: signedIn })
    expectWaitingRefusal(await post('orders', own.id, { ...line(scarf.id), delivery: pickUp, phone: '027 000 0009' }, { user: signedIn }), 'email')
  })

  it('refuses a fourth to one delivery address, whatever its case and spaces', async () => {
    const { shop: own, scarf, rate } = await freshShop()
    const addresses = ['12 Ring Road, Osu', '  12 ring road,   osu ', '12 RING ROAD,\tOSU']
    for (const [i, address] of addresses.entries()) {
      await placed(own.id, { ...line(scarf.id), delivery: dispatch(rate.id, address), phone: `024 000 000${i}` }, { email: `a${i}@example.com` })
    }
    const response = await post('orders', own.id, { ...line(scarf.id), delivery: dispatch(rate.id, '12 Ring  Road, Osu'), phone: '024 000 0009' }, { email: 'a9@example.com' })
    expectWaitingRefusal(response, 'delivery.address')
    await placed(own.id, { ...line(scarf.id), delivery: dispatch(rate.id, '14 Ring Road, Osu'), phone: '024 000 0008' }, { email: 'a8@example.com' })
  })

  it('frees a place once the shop confirms an order (moves it on, or records a payment), or it is canceled', async () => {
    const { shop: own, scarf, keeper: ownKeeper } = await freshShop()
    const buyer = { email: 'kofi@example.com' }
    const body = { ...line(scarf.id), delivery: pickUp, phone: '055 123 4567' }
    const first = await placed(own.id, body, buyer)
    const second = await placed(own.id, body, buyer)
    const third = await placed(own.id, body, buyer)
    expect(first.confirmBy).not.toBeNull()
    expect((await post('orders', own.id, body, buyer)).statusCode).toBe(409)

    const moved = await ctx.app.inject({ method: 'PATCH', url: `/api/orders/${first._id}`, headers: ownKeeper.headers, payload: { status: 'packaged' } })
    expect(moved.statusCode, moved.body).toBe(200)
    expect(moved.json().confirmBy).toBeNull()
    const fourth = await placed(own.id, body, buyer)
    expect((await post('orders', own.id, body, buyer)).statusCode).toBe(409)

    const paid = await ctx.app.inject({ method: 'POST', url: '/api/transactions/', headers: ownKeeper.headers, payload: { order: second._id, method: 'cash', amount: 10 } })
    expect(paid.statusCode, paid.body).toBe(201)
    const fifth = await placed(own.id, body, buyer)
    expect((await post('orders', own.id, body, buyer)).statusCode).toBe(409)

    const canceled = await ctx.app.inject({ method: 'PATCH', url: `/api/orders/${third._id}`, headers: ownKeeper.headers, payload: { status: 'canceled' } })
    expect(canceled.statusCode).toBe(200)
    await placed(own.id, body, buyer)
    expect([fourth.status, fifth.status]).toEqual(['placed', 'placed'])
  })

  it('no longer counts an order past its deadline, which the sweep is about to cancel', async () => {
    const { shop: own, scarf } = await freshShop()
    const body = { ...line(scarf.id), delivery: pickUp, phone: '026 448 7305' }
    const first = await placed(own.id, body)
    await placed(own.id, body)
    await placed(own.id, body)
    expect((await post('orders', own.id, body)).statusCode).toBe(409)
    await db.update(orders).set({ confirmBy: sql`now() - interval '1 minute'` }).where(eq(orders.id, first._id))
    await placed(own.id, body)
  })

  it("holds neither the shop's staff, nor orders paid online, nor the same buyer in another shop", async () => {
    const { shop: own, scarf, keeper: ownKeeper, owner: ownOwner } = await freshShop()
    const body = { ...line(scarf.id), delivery: pickUp, phone: '024 555 0142' }
    for (let i = 0; i < 4; i++) {
      const order = await placed(own.id, body, { user: ownKeeper })
      expect(order.confirmBy).toBeNull()
    }
    for (let i = 0; i < 3; i++) await placed(own.id, body)
    // The staff's orders did not count; now the shopper's three do.
    expect((await post('orders', own.id, body)).statusCode).toBe(409)

    await patchConfig(own.id, ownOwner, { paymentOptions: [{ provider: 'manual', enabled: true }, { provider: 'test', enabled: true }] })
    const online = await placed(own.id, { ...body, payment: { provider: 'test' } })
    expect(online.confirmBy).toBeNull()
    expect((await post('orders', own.id, body)).statusCode).toBe(409)

    const elsewhere = await createShop(ctx, { owner: await createUser(ctx) })
    await placed(elsewhere.id, { ...line((await stocked(elsewhere.id)).id), delivery: pickUp, phone: '024 555 0142' })
  })

  it("follows the shop's own cap", async () => {
    const { shop: own, scarf, administrator: ownAdministrator } = await freshShop()
    expect((await patchConfig(own.id, ownAdministrator, { unconfirmedOrdersPerBuyer: 1 })).statusCode).toBe(200)
    const body = { ...line(scarf.id), delivery: pickUp, phone: '050 123 4567' }
    await placed(own.id, body)
    const refused = await post('orders', own.id, body)
    expect(refused.statusCode).toBe(409)
    expect(errorBody(refused).message).toMatch(/^This phone number already has 1 order paid on delivery/)
  })

  it('counts racing orders one after another: exactly the cap is placed', async () => {
    const { shop: own, scarf } = await freshShop()
    const body = { ...line(scarf.id), delivery: pickUp, phone: '024 999 8877' }
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => post('orders', own.id, body, { email: `racer${i}@example.com` })))
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 201, 201, 409, 409, 409, 409, 409])
    expect(await ordersIn(own.id)).toBe(3)
    expect(await stockOf(scarf.id)).toBe(997)
  })

  it('takes no part in checkouts, which hold no stock', async () => {
    const { shop: own, scarf } = await freshShop()
    const body = { ...line(scarf.id), delivery: pickUp, phone: '024 321 0000' }
    for (let i = 0; i < 3; i++) await placed(own.id, body)
    for (let i = 0; i < 2; i++) expect((await post('checkouts', own.id, body)).statusCode).toBe(201)
  })
})

describe('with RATE_LIMITS=off', () => {
  it('lifts the cap on waiting orders, as the other order limits, but never the most per item', async () => {
    const unlimited = await setupApp({ limits: { ...limits, enabled: false } })
    const own: TestShop = await createShop(unlimited, { owner: await createUser(unlimited) })
    const scarf = await commerceFixtures(unlimited, own.id).addProduct({ title: 'Kente scarf' })
    const order = (count: number) =>
      unlimited.app.inject({
        method: 'POST',
        url: `/api/orders/?shop=${own.id}&email=bench@example.com`,
        payload: { items: [{ product: scarf.id, count }], delivery: pickUp, phone: '024 412 3456' },
      })
    for (let i = 0; i < 5; i++) expect((await order(1)).statusCode).toBe(201)
    expect((await order(11)).statusCode).toBe(400)
    const [config] = await unlimited.database.db.select().from(shopConfigs).where(eq(shopConfigs.shopId, own.id))
    expect(config!.unconfirmedOrdersPerBuyer).toBe(3)
  })
})
