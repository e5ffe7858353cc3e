/**
 * What staff do with orders day to day: record payments (in full or in part), search, export CSV and
 * move several orders at once; and the buyer's name and phone, as checkout gives them.
 */
import type { Order } from '@shop/domain/schemas/orders'
import { and, asc, eq, inArray } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { inventory, notifications, orderEvents, orders, shopConfigs, transactions } from '../src/db/schema'
import { commerceFixtures } from './commerce-fixtures'
import { type TestUser, createStaffedShop, createUser, errorBody, setupApp } from './helpers'

const ctx = await setupApp()
const db = ctx.database.db
const { shop, otherShop, owner, administrator, manager, keeper, shopper, outsider } = await createStaffedShop(ctx)
const { addProduct, addRate } = commerceFixtures(ctx, shop.id)
await db.update(shopConfigs).set({ paymentOptions: [{ provider: 'manual', enabled: true }, { provider: 'test', enabled: true }] }).where(eq(shopConfigs.shopId, shop.id))

const scarf = await addProduct({ title: 'Kente scarf', priceMinor: 10_000 })
await db.insert(inventory).values({ shopId: shop.id, productId: scarf.id, variantId: '', quantity: 10_000, tracked: true })
const rider = await addRate({ name: 'Rider', regions: ['GH-AA'], rateMinor: 1_500, paymentOption: 'on-delivery' })
const foreignProduct = await addProduct({ title: 'Foreign thing', priceMinor: 5_000 }, otherShop.id)

// Deliberately loose: the tests also send bodies the route's schema refuses.
type Body = Record<string, unknown>

async function place(body: Body = {}, options: { user?: TestUser; email?: string; shopId?: string } = {}): Promise<Order> {
  const response = await placeRaw(body, options)
  expect(response.statusCode, response.body).toBe(201)
  return response.json()
}

function placeRaw(body: Body = {}, options: { user?: TestUser; email?: string; shopId?: string } = {}) {
  const params = new URLSearchParams({ shop: options.shopId ?? shop.id })
  if (!options.user) params.set('email', options.email ?? 'guest@example.com')
  const product = (options.shopId ?? shop.id) === shop.id ? scarf.id : foreignProduct.id
  return ctx.app.inject({
    method: 'POST',
    url: `/api/orders/?${params}`,
    headers: options.user?.headers,
    payload: { items: [{ product, count: 1 }], delivery: { type: 'pick-up' }, ...body },
  })
}

const get = (url: string, user?: TestUser) => ctx.app.inject({ method: 'GET', url, headers: user?.headers })
const record = (body: Body, user?: TestUser) => ctx.app.inject({ method: 'POST', url: '/api/transactions/', headers: user?.headers, payload: body })
const orderOf = async (id: string, user: TestUser = keeper): Promise<Order> => (await get(`/api/orders/${id}`, user)).json()

async function paymentsOf(orderId: string) {
  return db.select().from(transactions).where(eq(transactions.orderId, orderId)).orderBy(asc(transactions.createdAt))
}

async function eventsOf(orderId: string) {
  return db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.createdAt), asc(orderEvents.id))
}

// ---------------------------------------------------------------- the buyer's name and phone

describe('the buyer\'s name and phone', () => {
  it('keeps phones in international form and the name as given, for staff to see', async () => {
    const order = await place({ name: 'Akua Asante', phone: '024 412 3456' })
    expect(order).toMatchObject({ customerName: 'Akua Asante', phone: '+233244123456' })
    for (const form of ['+233 24 412 3456', '00233244123456', '0244123456']) {
      expect((await place({ phone: form })).phone).toBe('+233244123456')
    }
    expect((await orderOf(order._id)).phone).toBe('+233244123456')
  })

  it('refuses a phone that is not one, with a 400 naming the field, and places nothing', async () => {
    const before = (await db.select().from(orders)).length
    for (const [body, path] of [
      [{ phone: '12345' }, 'phone'],
      [{ name: 'Yaw', phone: 'call me' }, 'phone'],
      [{ delivery: { type: 'pick-up', phone: '12345' } }, 'delivery.phone'],
      [{ delivery: { type: 'dispatch', region: 'GH-AA', rate: rider.id, address: 'Osu', phone: '0200' } }, 'delivery.phone'],
    ] as const) {
      const response = await placeRaw(body)
      expect(response.statusCode, JSON.stringify(body)).toBe(400)
      const error = errorBody(response)
      expect(error.errors?.map((e) => e.path)).toEqual([path])
      expect(error.message).toContain('is not a phone number that can be called')
    }
    const blankName = await placeRaw({ name: '   ' })
    expect(errorBody(blankName).errors?.[0]?.path).toBe('name')
    expect((await db.select().from(orders)).length).toBe(before)
  })

  it('requires a phone for a delivery (the buyer\'s serves the rider) but none for a pick-up', async () => {
    const delivery = { type: 'dispatch', region: 'GH-AA', rate: rider.id, address: '4 Ring Road, Accra' }
    const missing = await placeRaw({ delivery })
    expect(missing.statusCode).toBe(400)
    expect(errorBody(missing).errors).toEqual([{ path: 'delivery.phone', message: 'is required for a delivery (or send phone)' }])
    const withBuyerPhone = await place({ delivery, phone: '0551234567' })
    expect(withBuyerPhone.delivery.phone).toBe('+233551234567')
    // An API client that sends no contact at all still places a pick-up.
    const bare = await place({})
    expect(bare).toMatchObject({ customerName: '', phone: '', delivery: { type: 'pick-up', phone: '' } })
  })

  it('fills the name and phone from a logged-in buyer\'s profile when the order gives none', async () => {
    const buyer = await createUser(ctx, { name: 'Efua Mensah' })
    const order = await place({}, { user: buyer })
    expect(order.customerName).toBe('Efua Mensah')
    const given = await place({ name: 'Someone Else' }, { user: buyer })
    expect(given.customerName).toBe('Someone Else')
  })
})

// ---------------------------------------------------------------- recording payments

describe('POST /api/transactions/ (staff record a payment)', () => {
  it('records a part payment, answers the balance, notes it on the timeline and acks the order', async () => {
    // A delivery paid to the rider: GHS 100 + 15 owed, nothing paid up front.
    const order = await place({ delivery: { type: 'dispatch', region: 'GH-AA', rate: rider.id, address: 'Osu' }, phone: '0241112222' })
    expect(order).toMatchObject({ paid: 0, balance: 115 })
    const before = await db.select().from(notifications).where(eq(notifications.type, 'payment-received'))

    const part = await record({ order: order._id, method: 'cash', amount: 40, reference: 'R-77', note: 'From the rider' }, keeper)
    expect(part.statusCode, part.body).toBe(201)
    expect(part.json()).toMatchObject({
      order: order._id,
      provider: 'manual',
      status: 'success',
      amount: { value: 40, currency: 'GHS' },
      recorded: { method: 'cash', reference: 'R-77', note: 'From the rider' },
    })
    let now = await orderOf(order._id)
    expect(now).toMatchObject({ paid: 40, balance: 75, acked: true, status: 'placed' })
    expect(now.timeline!.at(-1)).toMatchObject({
      type: 'note',
      status: 'placed',
      note: 'Payment of GHS\u00a040.00 received in cash (reference R-77): From the rider. Balance due GHS\u00a075.00',
    })
    // One "placed" entry however many notes follow it.
    expect(now.timeline!.filter((entry) => entry.type === 'status').map((entry) => entry.status)).toEqual(['placed'])

    const rest = await record({ order: order._id, method: 'mobile-money', amount: 75 }, manager)
    expect(rest.statusCode, rest.body).toBe(201)
    now = await orderOf(order._id)
    expect(now).toMatchObject({ paid: 115, balance: 0 })
    expect(now.timeline!.at(-1)!.note).toBe("Payment of GHS\u00a075.00 received by mobile money to the shop's number. Paid in full")
    // The payment on delivery opened with the order is replaced by what staff recorded.
    const rows = await paymentsOf(order._id)
    expect(rows.map((row) => [row.status, row.amountMinor])).toEqual([
      ['abandoned', 11_500],
      ['success', 4_000],
      ['success', 7_500],
    ])
    // The other staff hear of each payment; the one who recorded it does not.
    const after = await db.select().from(notifications).where(eq(notifications.type, 'payment-received'))
    const told = after.filter((n) => !before.some((b) => b.id === n.id) && n.link.includes(order._id))
    expect(told.filter((n) => n.userId === keeper.id)).toHaveLength(1)
    expect(told.filter((n) => n.userId === owner.id)).toHaveLength(2)
  })

  it('refuses more than the balance, a paid order and a canceled one (409), recording nothing', async () => {
    const order = await place({})
    const over = await record({ order: order._id, method: 'cash', amount: 100.01 }, keeper)
    expect(over.statusCode).toBe(409)
    expect(errorBody(over).errors).toEqual([{ path: 'amount', message: 'is more than the balance due (GHS\u00a0100.00)' }])
    expect((await record({ order: order._id, method: 'bank-transfer', amount: 100 }, keeper)).statusCode).toBe(201)
    const again = await record({ order: order._id, method: 'cash', amount: 1 }, keeper)
    expect(again.statusCode).toBe(409)
    expect(errorBody(again).message).toBe(`Order ${order.orderId} is already paid in full`)
    expect((await paymentsOf(order._id)).filter((row) => row.status === 'success')).toHaveLength(1)

    const canceled = await place({})
    await ctx.app.inject({ method: 'PATCH', url: `/api/orders/${canceled._id}`, headers: keeper.headers, payload: { status: 'canceled' } })
    const refused = await record({ order: canceled._id, method: 'cash', amount: 10 }, keeper)
    expect(refused.statusCode).toBe(409)
    expect(errorBody(refused).errors?.[0]?.path).toBe('order')
    expect((await paymentsOf(canceled._id)).filter((row) => row.status === 'success')).toHaveLength(0)
    expect(await orderOf(canceled._id)).toMatchObject({ paid: 0, balance: 0 })
  })

  it('lets every staff role with orders.move record; 401 anonymous, 404 to the buyer, strangers and other shops\' staff', async () => {
    const order = await place({}, { user: shopper })
    for (const user of [owner, administrator, manager, keeper]) {
      expect((await record({ order: order._id, method: 'cash', amount: 1 }, user)).statusCode).toBe(201)
    }
    expect((await record({ order: order._id, method: 'cash', amount: 1 })).statusCode).toBe(401)
    for (const user of [shopper, outsider, await createUser(ctx)]) {
      const response = await record({ order: order._id, method: 'cash', amount: 1 }, user)
      expect(response.statusCode).toBe(404)
      errorBody(response)
    }
    expect((await record({ order: '00000000-0000-4000-8000-000000000000', method: 'cash', amount: 1 }, keeper)).statusCode).toBe(404)
    expect((await orderOf(order._id)).paid).toBe(4)
  })

  it('answers 400 for bad bodies, never a 5xx, and records nothing', async () => {
    const order = await place({})
    for (const body of [
      { order: order._id, method: 'cheque', amount: 10 },
      { order: order._id, method: 'cash', amount: 0 },
      { order: order._id, method: 'cash', amount: -5 },
      { order: order._id, method: 'cash', amount: 10.005 },
      { order: order._id, method: 'cash', amount: '10' },
      { order: order._id, method: 'cash', amount: 10, reference: '' },
      { order: order._id, method: 'cash', amount: 10, reference: 'x'.repeat(101) },
      { order: order._id, method: 'cash', amount: 10, extra: 1 },
      { order: 'not-an-id', method: 'cash', amount: 10 },
      { method: 'cash', amount: 10 },
    ]) {
      const response = await record(body, keeper)
      expect(response.statusCode, JSON.stringify(body)).toBe(400)
      errorBody(response)
    }
    expect((await paymentsOf(order._id)).filter((row) => row.status === 'success')).toHaveLength(0)
  })

  it('keeps a payer\'s reference out of the unique provider reference: the same one may be typed twice', async () => {
    const first = await place({})
    const second = await place({})
    for (const order of [first, second]) {
      expect((await record({ order: order._id, method: 'mobile-money', amount: 5, reference: 'MOMO-1' }, keeper)).statusCode).toBe(201)
    }
    const rows = [...(await paymentsOf(first._id)), ...(await paymentsOf(second._id))].filter((row) => row.status === 'success')
    expect(new Set(rows.map((row) => row.reference)).size).toBe(2)
    expect(rows.every((row) => row.reference !== 'MOMO-1')).toBe(true)
  })

  it('shows one "Placed" after a test payment, keeping the payment note', async () => {
    const response = await placeRaw({ payment: { provider: 'test' } })
    const order = response.json<Order>()
    const [attempt] = await paymentsOf(order._id)
    // The simulated gateway says paid; the buyer's verify settles it.
    await db.update(transactions).set({ details: { gateway: { status: 'success', at: new Date().toISOString() } } }).where(eq(transactions.id, attempt!.id))
    const key = order.accessKey
    const verified = await ctx.app.inject({ method: 'PATCH', url: `/api/transactions/${attempt!.id}?key=${key}`, payload: { action: 'verify' } })
    expect(verified.json().status).toBe('success')
    const timeline = (await orderOf(order._id)).timeline!
    expect(timeline.map((entry) => [entry.type, entry.status])).toEqual([
      ['status', 'placed'],
      ['note', 'placed'],
    ])
    expect(timeline[1]!.note).toMatch(/^Payment of GHS\s100\.00 received as a demonstration payment \(no money moved\)/)
    expect((await eventsOf(order._id)).map((event) => event.kind)).toEqual(['status', 'note'])
  })
})

// ---------------------------------------------------------------- search, CSV, bulk moves

const kwame = await place({ name: 'Kwame Nkrumah', phone: '0209998877' }, { email: 'kwame@example.com' })
const yaa = await place({ name: 'Yaa Asantewaa', phone: '0501112233' }, { email: 'yaa@example.com' })
await place({ name: 'Kwame Elsewhere', phone: '0209998877' }, { shopId: otherShop.id, email: 'kwame@example.com' })

describe('GET /api/orders/?q= (staff search)', () => {
  const search = async (q: string, user: TestUser = keeper) => {
    const response = await get(`/api/orders/?shop=${shop.id}&q=${encodeURIComponent(q)}`, user)
    expect(response.statusCode, response.body).toBe(200)
    return (response.json().data as Order[]).map((order) => order._id)
  }

  it('finds orders by name, e-mail, number and phone in any form, only in the shop', async () => {
    expect(await search('kwame')).toEqual([kwame._id])
    expect(await search('NKRUMAH')).toEqual([kwame._id])
    expect(await search('yaa@example')).toEqual([yaa._id])
    expect(await search(yaa.orderId.toLowerCase())).toEqual([yaa._id])
    expect(await search('020 999 8877')).toEqual([kwame._id])
    expect(await search('+233209998877')).toEqual([kwame._id])
    expect(await search('9998877')).toEqual([kwame._id])
    expect(await search('nobody like this')).toEqual([])
    // LIKE's wildcards are plain characters.
    expect(await search('%')).toEqual([])
  })

  it('answers 401 anonymous and 404 to another shop\'s staff; 400 for a query too long', async () => {
    expect((await get(`/api/orders/?shop=${shop.id}&q=kwame`)).statusCode).toBe(401)
    expect((await get(`/api/orders/?shop=${shop.id}&q=kwame`, outsider)).statusCode).toBe(404)
    expect((await get(`/api/orders/?shop=${shop.id}&q=${'a'.repeat(101)}`, keeper)).statusCode).toBe(400)
  })
})

/** An order of nothing, written straight to the table: many of them, for the bulk tools. */
const emptyOrder = (shopId: string, orderId: string, createdAt = new Date()) => ({
  shopId,
  orderId,
  email: 'bulk@example.com',
  items: [],
  delivery: { type: 'pick-up' as const },
  currency: 'GHS',
  subtotalMinor: 0,
  taxMinor: 0,
  deliveryMinor: 0,
  discountMinor: 0,
  totalMinor: 0,
  createdAt,
})

describe('GET /api/orders.csv', () => {
  const csvOf = async (query: string, user: TestUser = keeper) => {
    const response = await get(`/api/orders.csv?${query}`, user)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/)
    return response.body.split('\r\n').filter(Boolean)
  }

  it('exports the shop\'s orders with the list\'s filters, one line each', async () => {
    const quoted = await place({ name: 'Adjoa "AJ" Mensah, Jr', phone: '0244556677' }, { email: 'adjoa@example.com' })
    await record({ order: quoted._id, method: 'cash', amount: 30 }, keeper)
    const formula = await place({ name: '=HYPERLINK("x")' })
    await ctx.app.inject({ method: 'PATCH', url: `/api/orders/${formula._id}`, headers: keeper.headers, payload: { status: 'packaged' } })

    const [header, ...lines] = await csvOf(`shop=${shop.id}&q=adjoa`)
    expect(header).toBe('Order,Placed at,Status,Customer,Email,Phone,Delivery,Region,Address,Items,Subtotal,Discount,Shop discount,Delivery fee,Tax,Total before tax,Total with tax,Paid,Refunded,Balance,Refund due,Payment,Currency,Source,Promotion,Promotion discount,Delivery waived')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(
      // The phone is text to a spreadsheet, digit for digit, not a number to compute with.
      new RegExp(`^${quoted.orderId},\\d{4}-\\d\\d-\\d\\dT[^,]+,Placed,"Adjoa ""AJ"" Mensah, Jr",adjoa@example.com,'\\+233244556677,Pick-up,,,1 × Kente scarf,100.00,0.00,0.00,0.00,0.00,100.00,100.00,30.00,0.00,70.00,0.00,Pay at pick-up,GHS,Online shop,,0.00,0.00$`),
    )
    const packaged = await csvOf(`shop=${shop.id}&status=packaged`)
    expect(packaged.slice(1).map((line) => line.split(',')[0])).toContain(formula.orderId)
    expect(packaged.slice(1).every((line) => line.split(',')[2] === 'Packaged')).toBe(true)
    // A cell a spreadsheet would run as a formula is defused.
    expect(packaged.find((line) => line.startsWith(formula.orderId))).toContain(`"'=HYPERLINK(""x"")"`)
    for (const [name, q] of [["+cmd|' /C calc'!A0", '+cmd'], ['-2+3', '-2+'], ['@SUM(A1:A9)', '@SUM']] as const) {
      await place({ name, delivery: { type: 'dispatch', region: 'GH-AA', rate: rider.id, address: '=1+1' }, phone: '0241234567' })
      const [, line] = await csvOf(`shop=${shop.id}&q=${encodeURIComponent(q)}`)
      const cells = line!.split(',')
      expect([cells[3], cells[8]], name).toEqual([`'${name}`, "'=1+1"])
      // Region names and ways to pay in words, never codes ("GH-AA", "manual").
      expect([cells[6], cells[7], cells[21]], name).toEqual(['Delivery', 'Greater Accra', 'Pay on delivery'])
    }
    const all = await csvOf(`shop=${shop.id}`)
    const count = (await db.select().from(orders).where(eq(orders.shopId, shop.id))).length
    expect(all).toHaveLength(count + 1)
  })

  it('reads a long export a page at a time, newest first, each order once, even many placed in one instant', async () => {
    const { shop: busy, keeper: busyKeeper } = await createStaffedShop(ctx)
    const now = new Date()
    // 1,100 in one instant (over two pages of the export), then 150 older ones a second apart.
    await db.insert(orders).values(Array.from({ length: 1_100 }, (_, i) => emptyOrder(busy.id, `X${i}`, now)))
    await db.insert(orders).values(Array.from({ length: 150 }, (_, i) => emptyOrder(busy.id, `X${1_100 + i}`, new Date(now.getTime() - (i + 1) * 1000))))
    const lines = (await csvOf(`shop=${busy.id}`, busyKeeper)).slice(1)
    const numbers = lines.map((line) => line.split(',')[0]!)
    expect(numbers).toHaveLength(1_250)
    expect(new Set(numbers).size).toBe(1_250)
    const placedAt = lines.map((line) => Date.parse(line.split(',')[1]!))
    expect(placedAt).toEqual([...placedAt].sort((a, b) => b - a))
  })

  it('shows only the shop\'s own orders: 401 anonymous, 404 to other shops\' staff and shoppers, 400 bad filters', async () => {
    const theirs = await csvOf(`shop=${otherShop.id}`, outsider)
    expect(theirs.slice(1).every((line) => !line.includes('Kente scarf'))).toBe(true)
    expect(theirs.join('\n')).toContain('Foreign thing')
    expect((await get(`/api/orders.csv?shop=${shop.id}`)).statusCode).toBe(401)
    for (const user of [outsider, shopper]) expect((await get(`/api/orders.csv?shop=${shop.id}`, user)).statusCode).toBe(404)
    expect((await get('/api/orders.csv', keeper)).statusCode).toBe(400)
    expect((await get(`/api/orders.csv?shop=${shop.id}&colour=red`, keeper)).statusCode).toBe(400)
  })
})

describe('POST /api/order-moves/ (bulk)', () => {
  const move = (body: Body, user?: TestUser) => ctx.app.inject({ method: 'POST', url: '/api/order-moves/', headers: user?.headers, payload: body })

  it('moves each order one step by the status machine and says what moved and what could not', async () => {
    const pickUp = await place({})
    const dispatched = await place({ delivery: { type: 'dispatch', region: 'GH-AA', rate: rider.id, address: 'Osu' }, phone: '0241234567' })
    for (const order of [pickUp, dispatched]) {
      for (const status of ['packaged', 'ready']) {
        await ctx.app.inject({ method: 'PATCH', url: `/api/orders/${order._id}`, headers: keeper.headers, payload: { status } })
      }
    }
    // Paid: it may reach delivered (one with a balance due is skipped, see money-owed.test.ts).
    expect((await record({ order: pickUp._id, method: 'cash', amount: 100 }, keeper)).statusCode).toBe(201)
    const fresh = await place({})
    const canceled = await place({})
    await ctx.app.inject({ method: 'PATCH', url: `/api/orders/${canceled._id}`, headers: keeper.headers, payload: { status: 'canceled' } })
    const foreign = await place({}, { shopId: otherShop.id })

    const response = await move({ shop: shop.id, orders: [pickUp._id, dispatched._id, fresh._id, canceled._id, foreign._id] }, keeper)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json().data).toEqual([
      { _id: pickUp._id, orderId: pickUp.orderId, from: 'ready', status: 'delivered', moved: true, message: 'Now delivered' },
      { _id: dispatched._id, orderId: dispatched.orderId, from: 'ready', status: 'dispatched', moved: true, message: 'Now dispatched' },
      { _id: fresh._id, orderId: fresh.orderId, from: 'placed', status: 'packaged', moved: true, message: 'Now packaged' },
      { _id: canceled._id, orderId: canceled.orderId, from: 'canceled', status: 'canceled', moved: false, message: 'Canceled orders have no next step' },
      { _id: foreign._id, orderId: null, from: null, status: null, moved: false, message: 'No such order in this shop' },
    ])
    expect((await orderOf(fresh._id)).timeline!.map((entry) => entry.status)).toEqual(['placed', 'packaged'])
    expect((await orderOf(foreign._id, outsider)).status).toBe('placed')
  })

  it('lets other requests in between its orders: a product list sent while 100 orders move answers first', async () => {
    const placed = await db
      .insert(orders)
      .values(Array.from({ length: 100 }, (_, i) => emptyOrder(shop.id, `BULK${i}`)))
      .returning({ id: orders.id })
    const ids = placed.map((order) => order.id)
    const answered: string[] = []
    const moving = move({ shop: shop.id, orders: ids }, keeper).then((response) => {
      expect(response.statusCode, response.body).toBe(200)
      answered.push('moves')
    })
    // Once the first order has moved, a shopper asks for the shop's products.
    while ((await db.select({ id: orders.id }).from(orders).where(and(inArray(orders.id, ids), eq(orders.status, 'packaged')))).length === 0) {
      await new Promise((resolve) => setTimeout(resolve, 1))
    }
    const listing = get(`/api/products/?shop=${shop.id}`).then((response) => {
      expect(response.statusCode).toBe(200)
      answered.push('list')
    })
    await Promise.all([moving, listing])
    expect(answered).toEqual(['list', 'moves'])
  })

  it('needs orders.move in the shop: 401 anonymous, 404 to other shops\' staff and shoppers; 400 bad bodies', async () => {
    const order = await place({})
    expect((await move({ shop: shop.id, orders: [order._id] })).statusCode).toBe(401)
    for (const user of [outsider, shopper]) expect((await move({ shop: shop.id, orders: [order._id] }, user)).statusCode).toBe(404)
    for (const body of [{ shop: shop.id, orders: [] }, { shop: shop.id }, { shop: shop.id, orders: ['x'] }, { shop: shop.id, orders: [order._id], to: 'delivered' }]) {
      expect((await move(body, keeper)).statusCode, JSON.stringify(body)).toBe(400)
    }
    expect((await orderOf(order._id)).status).toBe('placed')
  })
})
