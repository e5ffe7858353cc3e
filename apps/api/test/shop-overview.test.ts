import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { analyticsEvents, inventory, reviews, shopConfigs } from '../src/db/schema'
import { orderTodoQuery, topProductsQuery } from '../src/modules/analytics/overview.repository'
import { commerceFixtures } from './commerce-fixtures'
import { type TestUser, createShop, createStaffedShop, createUser, errorBody, setupApp } from './helpers'
import { insertOrder } from './order-fixtures'

const ctx = await setupApp()
const db = ctx.database.db
const { shop, otherShop, owner, manager, keeper, shopper, outsider } = await createStaffedShop(ctx)
const catalog = commerceFixtures(ctx, shop.id)

const overview = (shopId: string, query: string, user?: TestUser | null) =>
  ctx.app.inject({ method: 'GET', url: `/api/shop-overview/${shopId}?${query}`, headers: user?.headers })

const scarf = await catalog.addProduct({ title: 'Kente scarf' })
const bag = await catalog.addProduct({ title: 'Woven bag' })
const soap = await catalog.addProduct({ title: 'Shea soap' })
const line = (product: { id: string; title: string }, count: number, unitPriceMinor: number) => ({
  product: product.id,
  title: product.title,
  count,
  unitPriceMinor,
})

// The period: 2024-05-01 to 2024-05-07 (Africa/Accra days are UTC days).
const inPeriod = (day: number, hour = 10) => new Date(`2024-05-0${day}T${String(hour).padStart(2, '0')}:00:00Z`)
await insertOrder(ctx, { shopId: shop.id, totalMinor: 10_000, createdAt: inPeriod(1), items: [line(scarf, 2, 4_000), line(soap, 1, 2_000)] })
await insertOrder(ctx, { shopId: shop.id, totalMinor: 30_000, status: 'delivered', createdAt: inPeriod(3), items: [line(bag, 1, 30_000)] })
await insertOrder(ctx, { shopId: shop.id, totalMinor: 5_000, status: 'ready', createdAt: inPeriod(7, 23), items: [line(soap, 5, 1_000)] })
// Canceled orders never count as sales, nor their items as sold.
await insertOrder(ctx, { shopId: shop.id, totalMinor: 900_000, status: 'canceled', createdAt: inPeriod(2), items: [line(bag, 30, 30_000)] })
// Outside the period, and another shop's.
await insertOrder(ctx, { shopId: shop.id, totalMinor: 70_000, createdAt: new Date('2024-04-30T23:59:59Z'), items: [line(scarf, 20, 3_500)] })
await insertOrder(ctx, { shopId: otherShop.id, totalMinor: 80_000, createdAt: inPeriod(2), items: [line(scarf, 40, 2_000)] })

for (const [shopId, day, action] of [
  [shop.id, 1, 'site_visit'],
  [shop.id, 2, 'site_visit'],
  [shop.id, 2, 'site_visit'],
  [shop.id, 5, 'site_visit'],
  [shop.id, 5, 'add_to_cart'],
  [otherShop.id, 5, 'site_visit'],
] as const) {
  await db.insert(analyticsEvents).values({
    shopId,
    trackingId: '00000000-0000-4000-8000-00000000000a',
    action,
    category: 'shop',
    extras: { shop: shopId },
    createdAt: inPeriod(day),
  })
}

const period = 'from=2024-05-01&to=2024-05-07'

describe('GET /api/shop-overview/{shopId}', () => {
  it("answers the period's sales, orders, average order value, visits and conversion, without canceled orders", async () => {
    const response = await overview(shop.id, period, keeper)
    expect(response.statusCode).toBe(200)
    const body = response.json()
    expect(body).toMatchObject({ shop: shop.id, from: '2024-05-01T00:00:00.000Z', to: '2024-05-07T23:59:59.999Z', currency: 'GHS' })
    expect(body.period).toEqual({ sales: 450, orders: 3, averageOrderValue: 150, visits: 4, conversion: 0.75 })
  })

  it('ranks the products sold in the period by units and by revenue', async () => {
    const body = (await overview(shop.id, period, keeper)).json()
    expect(body.topProducts.byUnits).toEqual([
      { product: soap.id, title: 'Shea soap', units: 6, revenue: 70 },
      { product: scarf.id, title: 'Kente scarf', units: 2, revenue: 80 },
      { product: bag.id, title: 'Woven bag', units: 1, revenue: 300 },
    ])
    expect(body.topProducts.byRevenue.map((top: { product: string }) => top.product)).toEqual([bag.id, scarf.id, soap.id])
  })

  it('answers empty figures for a quiet period, with no average and no conversion', async () => {
    const body = (await overview(shop.id, 'from=2023-01-01&to=2023-01-07', owner)).json()
    expect(body.period).toEqual({ sales: 0, orders: 0, averageOrderValue: null, visits: 0, conversion: null })
    expect(body.topProducts).toEqual({ byUnits: [], byRevenue: [] })
  })

  it('lists what waits for the shop: acked orders to pack, to make ready and to hand over', async () => {
    const todoShop = await createShop(ctx, { keeper })
    for (const [status, acked] of [
      ['placed', true],
      ['placed', true],
      ['placed', false],
      ['packaged', true],
      ['ready', true],
      ['ready', true],
      ['ready', true],
      ['dispatched', true],
      ['delivered', true],
      ['canceled', true],
    ] as const) {
      await insertOrder(ctx, { shopId: todoShop.id, status, acked })
    }
    const body = (await overview(todoShop.id, '', keeper)).json()
    expect(body.todo).toMatchObject({ toPack: 2, toMakeReady: 1, toHandOver: 3 })
  })

  it("counts tracked stock at or below the shop's threshold, fewest left first", async () => {
    const stockShop = await createShop(ctx, { keeper })
    const fixtures = commerceFixtures(ctx, stockShop.id)
    const shirt = await fixtures.addProduct({
      title: 'Shirt',
      variants: [
        { _id: 'red-m', features: { Colour: 'Red', Size: 'M' } },
        { _id: 'red-l', features: { Colour: 'Red', Size: 'L' } },
      ],
    })
    const beads = await fixtures.addProduct({ title: 'Beads' })
    const drum = await fixtures.addProduct({ title: 'Drum' })
    const rows = [
      { productId: shirt.id, variantId: 'red-m', quantity: 2, tracked: true },
      { productId: shirt.id, variantId: 'red-l', quantity: 9, tracked: true },
      { productId: beads.id, variantId: '', quantity: 0, tracked: true },
      { productId: drum.id, variantId: '', quantity: 1, tracked: false },
    ]
    await db.insert(inventory).values(rows.map((row) => ({ ...row, shopId: stockShop.id })))
    // Another shop's low stock is not this shop's.
    await db.insert(inventory).values({ shopId: shop.id, productId: scarf.id, variantId: '', quantity: 0, tracked: true })

    const byDefault = (await overview(stockShop.id, '', keeper)).json().todo
    expect(byDefault).toMatchObject({ lowStock: 2, lowStockThreshold: 5 })
    expect(byDefault.lowStockItems).toEqual([
      { product: beads.id, variant: null, title: 'Beads', features: {}, quantity: 0 },
      { product: shirt.id, variant: 'red-m', title: 'Shirt', features: { Colour: 'Red', Size: 'M' }, quantity: 2 },
    ])

    await db.update(shopConfigs).set({ lowStockThreshold: 10 }).where(eq(shopConfigs.shopId, stockShop.id))
    const raised = (await overview(stockShop.id, '', keeper)).json().todo
    expect(raised).toMatchObject({ lowStock: 3, lowStockThreshold: 10 })
    expect(raised.lowStockItems.map((item: { quantity: number }) => item.quantity)).toEqual([0, 2, 9])
  })

  it('counts visible reviews of the last 30 days that have no reply', async () => {
    const reviewShop = await createShop(ctx, { keeper })
    const now = Date.now()
    const cases = [
      { daysAgo: 1, hidden: false, reply: null },
      { daysAgo: 29, hidden: false, reply: null },
      { daysAgo: 2, hidden: false, reply: 'Thank you!' },
      { daysAgo: 3, hidden: true, reply: null },
      { daysAgo: 31, hidden: false, reply: null },
    ]
    for (const review of cases) {
      const order = await insertOrder(ctx, { shopId: reviewShop.id, status: 'delivered' })
      const createdAt = new Date(now - review.daysAgo * 86_400_000)
      await db.insert(reviews).values({ shopId: reviewShop.id, relatedOrder: order.id, rating: 4, hidden: review.hidden, reply: review.reply, createdAt })
    }
    expect((await overview(reviewShop.id, '', keeper)).json().todo.reviewsToAnswer).toBe(2)
    // The to-do links to the staff list of visible reviews without a reply (of any age).
    const list = await ctx.app.inject({ method: 'GET', url: `/api/reviews/?shop=${reviewShop.id}&hidden=false&replied=false`, headers: keeper.headers })
    expect(list.statusCode).toBe(200)
    expect(list.json().total).toBe(3)
    const answered = await ctx.app.inject({ method: 'GET', url: `/api/reviews/?shop=${reviewShop.id}&replied=true` })
    expect(answered.json().data.map((review: { reply: string }) => review.reply)).toEqual(['Thank you!'])
  })

  it('is for the shop’s staff only: anonymous 401, outsiders and shoppers 404, another shop’s staff 404', async () => {
    expect((await overview(shop.id, period, keeper)).statusCode).toBe(200)
    expect((await overview(shop.id, period, manager)).statusCode).toBe(200)
    const anonymous = await overview(shop.id, period)
    expect(anonymous.statusCode).toBe(401)
    errorBody(anonymous)
    for (const user of [shopper, outsider]) {
      const response = await overview(shop.id, period, user)
      expect(response.statusCode).toBe(404)
      errorBody(response)
    }
    // The other shop's owner sees their own overview, with nothing of this shop in it.
    const theirs = (await overview(otherShop.id, period, outsider)).json()
    expect(theirs.period).toMatchObject({ sales: 800, orders: 1, visits: 1 })
    expect(theirs.topProducts.byUnits).toEqual([{ product: scarf.id, title: 'Kente scarf', units: 40, revenue: 800 }])
    expect((await overview('00000000-0000-4000-8000-000000000099', period, keeper)).statusCode).toBe(404)
  })

  it('answers 400 to a malformed shop id, bound or unknown parameter', async () => {
    for (const [shopId, query] of [
      ['not-a-uuid', ''],
      [shop.id, 'from=yesterday'],
      [shop.id, 'from=2024-05-07&to=2024-05-01'],
      [shop.id, 'from=2020-01-01&to=2024-01-01'],
      [shop.id, 'shop=x'],
    ] as const) {
      const response = await overview(shopId, query, keeper)
      expect(response.statusCode, `${shopId} ${query}`).toBe(400)
      errorBody(response)
    }
  })
})

describe('a refused action says which roles may do it', () => {
  it('names the roles from the role table and the caller’s own', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/shop-configs/${shop.id}`, headers: manager.headers })
    expect(response.statusCode).toBe(403)
    expect(errorBody(response).message).toBe('Only administrators and owners may change settings. Your role here is manager.')
  })
})

const visitShop = await createShop(ctx, { keeper, owner })

describe('site visits of staff (their own shop is not visited)', () => {
  const trackingId = async () => (await ctx.app.inject({ method: 'POST', url: '/api/tracking-ids', payload: {} })).json().trackingId as string
  const post = (id: string, action: string, user?: TestUser) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/analytics?trackingId=${id}`,
      headers: user?.headers,
      payload: { action, category: 'shop', extras: { shop: visitShop.id, origin: 'http://visit.shops.test' } },
    })
  const kept = (id: string) => db.$count(analyticsEvents, eq(analyticsEvents.trackingId, id))

  it('answers a staff member’s site_visit as usual but does not count it', async () => {
    for (const staff of [keeper, owner]) {
      const id = await trackingId()
      const response = await post(id, 'site_visit', staff)
      expect(response.statusCode).toBe(201)
      expect(response.json()).toEqual({ ok: true })
      expect(await kept(id)).toBe(0)
    }
  })

  it('counts shoppers, anonymous visitors and staff of other shops', async () => {
    const stranger = await createUser(ctx)
    for (const user of [undefined, shopper, outsider, stranger]) {
      const id = await trackingId()
      expect((await post(id, 'site_visit', user)).statusCode).toBe(201)
      expect(await kept(id)).toBe(1)
    }
  })

  it('still refuses an unknown tracking id from staff, so the client behaves the same', async () => {
    const response = await post('00000000-0000-4000-8000-000000000000', 'site_visit', keeper)
    expect(response.statusCode).toBe(401)
    errorBody(response)
  })

  it('keeps a staff member’s other events', async () => {
    const id = await trackingId()
    expect((await post(id, 'add_to_cart', keeper)).statusCode).toBe(201)
    expect(await kept(id)).toBe(1)
  })
})

describe('the overview’s SQL', () => {
  /** A shop with 5,000 orders over ~7 months, analyzed, so the planner works on realistic statistics. */
  async function busyShop(): Promise<string> {
    const busy = await createShop(ctx)
    await db.execute(sql`
      insert into orders (shop_id, order_id, email, items, delivery, currency, subtotal_minor, tax_minor,
        delivery_minor, discount_minor, total_minor, status, acked, created_at, updated_at)
      select ${busy.id}, 'B' || g, 'busy@example.com',
        jsonb_build_array(jsonb_build_object('product', gen_random_uuid(), 'title', 'P' || g % 50, 'count', 1 + g % 3, 'unitPriceMinor', 500)),
        '{"type":"pick-up"}'::jsonb, 'GHS', 1000, 0, 0, 0, 1000,
        (array['placed','packaged','ready','delivered','delivered','delivered','delivered','canceled'])[1 + g % 8], true,
        now() - g * interval '1 hour', now()
      from generate_series(1, 5000) as g`)
    await db.execute(sql`analyze orders`)
    return busy.id
  }

  async function explain(query: ReturnType<typeof sql>): Promise<string> {
    const result = (await db.execute<Record<string, unknown>>(sql`explain ${query}`)) as { rows: Record<string, string>[] }
    return result.rows.map((row) => Object.values(row)[0]).join('\n')
  }

  it('reads a period’s orders through orders_shop_created_idx and the to-do through an index led by shop_id', async () => {
    const busy = await busyShop()
    const week = { from: new Date(Date.now() - 7 * 86_400_000), to: new Date() }
    expect(await explain(topProductsQuery(busy, week, 5))).toContain('orders_shop_created_idx')
    expect(await explain(orderTodoQuery(busy))).toMatch(/orders_shop_(status|created)_idx/)
  })
})
