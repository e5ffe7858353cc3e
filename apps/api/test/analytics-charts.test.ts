import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { analyticsEvents } from '../src/db/schema'
import { dailyVisitsQuery } from '../src/modules/analytics/analytics.repository'
import { dayOf } from '../src/modules/analytics/date-range'
import { dailySalesQuery } from '../src/modules/analytics/sales.repository'
import { type TestUser, createShop, createStaffedShop, errorBody, setupApp } from './helpers'
import { insertOrder } from './order-fixtures'

const ctx = await setupApp()
const db = ctx.database.db
const { shop, otherShop, owner, administrator, manager, keeper, shopper, outsider } = await createStaffedShop(ctx)

const A = '00000000-0000-4000-8000-00000000000a'
const B = '00000000-0000-4000-8000-00000000000b'
const C = '00000000-0000-4000-8000-00000000000c'

async function event(shopId: string, trackingId: string, at: string, action = 'site_visit') {
  await db.insert(analyticsEvents).values({ shopId, trackingId, action, category: 'shop', extras: { shop: shopId }, createdAt: new Date(at) })
}

// Africa/Accra is UTC+0 all year: a shop day runs from 00:00:00Z to 23:59:59.999Z.
await event(shop.id, A, '2024-03-30T08:00:00Z')
await event(shop.id, A, '2024-03-30T12:00:00Z')
await event(shop.id, B, '2024-03-30T23:59:59.500Z')
await event(shop.id, B, '2024-03-31T00:00:00.500Z')
await event(shop.id, A, '2024-04-02T10:00:00Z')
await event(shop.id, C, '2024-04-02T11:00:00Z', 'add_to_cart')
await event(otherShop.id, A, '2024-03-30T09:00:00Z')
await event(otherShop.id, C, '2024-03-31T09:00:00Z')

await insertOrder(ctx, { shopId: shop.id, totalMinor: 12_550, createdAt: new Date('2024-03-30T09:00:00Z') })
await insertOrder(ctx, { shopId: shop.id, totalMinor: 7_450, status: 'delivered', createdAt: new Date('2024-03-30T23:59:59.999Z') })
await insertOrder(ctx, { shopId: shop.id, totalMinor: 99_999, status: 'canceled', createdAt: new Date('2024-03-30T15:00:00Z') })
await insertOrder(ctx, { shopId: shop.id, totalMinor: 1_005, status: 'dispatched', createdAt: new Date('2024-03-31T00:00:00Z') })
await insertOrder(ctx, { shopId: shop.id, totalMinor: 50_000, createdAt: new Date('2024-04-02T18:30:00Z') })
await insertOrder(ctx, { shopId: otherShop.id, totalMinor: 77_700, createdAt: new Date('2024-03-31T10:00:00Z') })

const visits = (query: string, user?: TestUser | null) =>
  ctx.app.inject({ method: 'GET', url: `/api/analytics-aggregator/?${query}`, headers: user?.headers })
const sales = (shopId: string, query: string, user?: TestUser | null) =>
  ctx.app.inject({ method: 'GET', url: `/api/sales/${shopId}?${query}`, headers: user?.headers })

/**
 * A shop with 5,000 orders and 5,000 events spread over ~7 months, analyzed, so the planner picks indexes
 * on realistic statistics rather than the ties of near-empty tables.
 */
async function busyShop(): Promise<string> {
  const busy = await createShop(ctx)
  await db.execute(sql`
    insert into orders (shop_id, order_id, email, items, delivery, currency, subtotal_minor, tax_minor,
      delivery_minor, discount_minor, total_minor, status, created_at, updated_at)
    select ${busy.id}, 'B' || g, 'busy@example.com', '[]'::jsonb, '{"type":"pick-up"}'::jsonb, 'GHS', 1000, 0, 0, 0, 1000,
      (array['placed','packaged','ready','delivered','canceled'])[1 + g % 5], now() - g * interval '1 hour', now()
    from generate_series(1, 5000) as g`)
  await db.execute(sql`
    insert into analytics_events (shop_id, tracking_id, action, category, extras, created_at)
    select ${busy.id}, gen_random_uuid(), 'site_visit', 'shop', '{}'::jsonb, now() - g * interval '1 hour'
    from generate_series(1, 5000) as g`)
  await db.execute(sql`analyze orders`)
  await db.execute(sql`analyze analytics_events`)
  return busy.id
}

async function explain(query: ReturnType<typeof sql>): Promise<string> {
  return db.transaction(async (tx) => {
    const result = (await tx.execute<Record<string, unknown>>(sql`explain ${query}`)) as { rows: Record<string, string>[] }
    return result.rows.map((row) => Object.values(row)[0]).join('\n')
  })
}

const lastMonth = () => ({ from: new Date(Date.now() - 30 * 86_400_000), to: new Date() })

describe('GET /api/analytics-aggregator/', () => {
  it('answers daily visits and visitors for every day of the range, 0 for days without events', async () => {
    const response = await visits(`shop=${shop.id}&createdAt[$gte]=2024-03-29T00:00:00Z&createdAt[$lte]=2024-04-03T23:59:59.999Z`, keeper)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      shop: shop.id,
      from: '2024-03-29T00:00:00.000Z',
      to: '2024-04-03T23:59:59.999Z',
      data: [
        { date: '2024-03-29', visits: 0, visitors: 0 },
        { date: '2024-03-30', visits: 3, visitors: 2 },
        { date: '2024-03-31', visits: 1, visitors: 1 },
        { date: '2024-04-01', visits: 0, visitors: 0 },
        { date: '2024-04-02', visits: 1, visitors: 2 },
        { date: '2024-04-03', visits: 0, visitors: 0 },
      ],
    })
  })

  it('takes days and milliseconds as bounds and counts only events inside them', async () => {
    const days = await visits(`shop=${shop.id}&createdAt[$gte]=2024-03-31&createdAt[$lte]=2024-03-31`, owner)
    expect(days.json()).toMatchObject({
      from: '2024-03-31T00:00:00.000Z',
      to: '2024-03-31T23:59:59.999Z',
      data: [{ date: '2024-03-31', visits: 1, visitors: 1 }],
    })
    // From 12:00 on the 30th: the two morning visits fall outside, the day still appears.
    const from = Date.parse('2024-03-30T12:00:00Z')
    const to = Date.parse('2024-03-31T00:00:00Z')
    const ms = await visits(`shop=${shop.id}&createdAt[$gte]=${from}&createdAt[$lte]=${to}`, manager)
    expect(ms.json().data).toEqual([
      { date: '2024-03-30', visits: 2, visitors: 2 },
      { date: '2024-03-31', visits: 0, visitors: 0 },
    ])
  })

  it('defaults to the last 30 days, up to now', async () => {
    const before = Date.now()
    const response = await visits(`shop=${shop.id}`, administrator)
    expect(response.statusCode).toBe(200)
    const body = response.json()
    expect(body.data).toHaveLength(30)
    expect(body.data.at(-1).date).toBe(dayOf(new Date()))
    expect(Date.parse(body.to)).toBeGreaterThanOrEqual(before)
    expect(body.from.endsWith('T00:00:00.000Z')).toBe(true)
    expect(body.data.every((d: { visits: number; visitors: number }) => d.visits === 0 && d.visitors === 0)).toBe(true)
  })

  it('answers 401 anonymous and 404 to shoppers and another shop’s staff', async () => {
    const query = `shop=${shop.id}&createdAt[$gte]=2024-03-29&createdAt[$lte]=2024-04-03`
    const anonymous = await visits(query)
    expect(anonymous.statusCode).toBe(401)
    errorBody(anonymous)
    for (const user of [shopper, outsider]) {
      const response = await visits(query, user)
      expect(response.statusCode).toBe(404)
      errorBody(response)
    }
    // Staff of the other shop see only their own shop's events.
    const own = await visits(`shop=${otherShop.id}&createdAt[$gte]=2024-03-30&createdAt[$lte]=2024-03-31`, outsider)
    expect(own.json().data).toEqual([
      { date: '2024-03-30', visits: 1, visitors: 1 },
      { date: '2024-03-31', visits: 1, visitors: 1 },
    ])
  })

  it('answers 400 to bad shops, bounds, ranges, operators and unknown parameters', async () => {
    for (const query of [
      '',
      'shop=abc',
      `shop=${shop.id}&createdAt[$gte]=yesterday`,
      `shop=${shop.id}&createdAt[$gte]=2024-02-30`,
      `shop=${shop.id}&createdAt[$lte]=999999999999999`,
      `shop=${shop.id}&createdAt[$gte]=275760-09-13T00:00:00Z`,
      `shop=${shop.id}&createdAt[$lte]=2024-13-01T00:00:00Z`,
      `shop=${shop.id}&createdAt[$gte]=2024-04-02&createdAt[$lte]=2024-04-01`,
      `shop=${shop.id}&createdAt[$gte]=2023-01-01&createdAt[$lte]=2024-03-01`,
      `shop=${shop.id}&createdAt[$gt]=2024-03-01`,
      `shop=${shop.id}&createdAt=2024-03-01`,
      `shop=${shop.id}&createdAt[$gte][]=2024-03-01`,
      `shop=${shop.id}&action=site_visit`,
      `shop=${shop.id}&$limit=10`,
      `shop[$ne]=${shop.id}`,
    ]) {
      const response = await visits(query, owner)
      expect(response.statusCode, query).toBe(400)
      errorBody(response)
    }
    // 366 days is the longest range.
    const longest = await visits(`shop=${shop.id}&createdAt[$gte]=2023-04-01&createdAt[$lte]=2024-03-31`, owner)
    expect(longest.statusCode).toBe(200)
    expect(longest.json().data).toHaveLength(366)
  })

  it('reads the events through analytics_events_shop_created_idx', async () => {
    const plan = await explain(dailyVisitsQuery(await busyShop(), lastMonth()))
    expect(plan).toContain('analytics_events_shop_created_idx')
  })
})

describe('GET /api/sales/{shopId}', () => {
  it('answers daily sales of non-canceled orders and their count for every day, 0 for days without orders', async () => {
    const response = await sales(shop.id, 'from=2024-03-29&to=2024-04-03', keeper)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      shop: shop.id,
      from: '2024-03-29T00:00:00.000Z',
      to: '2024-04-03T23:59:59.999Z',
      currency: 'GHS',
      data: [
        { date: '2024-03-29', sales: 0, orders: 0 },
        { date: '2024-03-30', sales: 200, orders: 2 },
        { date: '2024-03-31', sales: 10.05, orders: 1 },
        { date: '2024-04-01', sales: 0, orders: 0 },
        { date: '2024-04-02', sales: 500, orders: 1 },
        { date: '2024-04-03', sales: 0, orders: 0 },
      ],
    })
  })

  it('takes ISO date-times and milliseconds as bounds', async () => {
    const iso = await sales(shop.id, 'from=2024-03-30T10:00:00Z&to=2024-03-31T00:00:00Z', owner)
    expect(iso.json().data).toEqual([
      { date: '2024-03-30', sales: 74.5, orders: 1 },
      { date: '2024-03-31', sales: 10.05, orders: 1 },
    ])
    const ms = await sales(shop.id, `from=${Date.parse('2024-03-31T00:00:00Z')}&to=${Date.parse('2024-04-01T12:00:00Z')}`, owner)
    expect(ms.json().data).toEqual([
      { date: '2024-03-31', sales: 10.05, orders: 1 },
      { date: '2024-04-01', sales: 0, orders: 0 },
    ])
  })

  it('defaults to the last 30 days and answers the shop’s currency', async () => {
    const response = await sales(shop.id, '', manager)
    expect(response.statusCode).toBe(200)
    expect(response.json().data).toHaveLength(30)
    expect(response.json().data.at(-1).date).toBe(dayOf(new Date()))
    expect(response.json().currency).toBe('GHS')
  })

  it('answers 401 anonymous and 404 to shoppers and another shop’s staff', async () => {
    const anonymous = await sales(shop.id, 'from=2024-03-29&to=2024-04-03')
    expect(anonymous.statusCode).toBe(401)
    errorBody(anonymous)
    for (const user of [shopper, outsider]) {
      const response = await sales(shop.id, 'from=2024-03-29&to=2024-04-03', user)
      expect(response.statusCode).toBe(404)
      errorBody(response)
    }
    const unknownShop = await sales('00000000-0000-4000-8000-000000000000', '', owner)
    expect(unknownShop.statusCode).toBe(404)
    const own = await sales(otherShop.id, 'from=2024-03-31&to=2024-03-31', outsider)
    expect(own.json().data).toEqual([{ date: '2024-03-31', sales: 777, orders: 1 }])
  })

  it('answers 400 to bad ids, bounds, ranges and unknown parameters', async () => {
    const fresh = await createShop(ctx, { owner })
    for (const [shopId, query] of [
      ['nope', ''],
      [fresh.id, 'from=last-week'],
      [fresh.id, 'to=2024-04-31'],
      [fresh.id, 'from=2024-04-02&to=2024-04-01'],
      [fresh.id, 'from=2020-01-01&to=2024-01-01'],
      [fresh.id, 'from[$gte]=2024-01-01'],
      [fresh.id, 'from=2024-01-01&from=2024-01-02'],
      [fresh.id, 'shop=x'],
      [fresh.id, 'status=delivered'],
      [fresh.id, 'to=999999999999999'],
      [fresh.id, 'from=9999-12-31&to=9999-12-31'],
      [fresh.id, 'from=1969-12-31&to=1970-01-01'],
    ]) {
      const response = await sales(shopId!, query!, owner)
      expect(response.statusCode, `${shopId} ${query}`).toBe(400)
      errorBody(response)
    }
  })

  it('reads the orders through orders_shop_created_idx', async () => {
    const plan = await explain(dailySalesQuery(await busyShop(), lastMonth()))
    expect(plan).toContain('orders_shop_created_idx')
  })
})
