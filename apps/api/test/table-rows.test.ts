import { eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '../src/db/query-rows'
import { orders, transactions } from '../src/db/schema'
import { preparedRows, rowReader, rowValues } from '../src/db/table-rows'
import { type TestContext, type TestShop, createShop, setupApp } from './helpers'

let ctx: TestContext
let shop: TestShop

beforeAll(async () => {
  ctx = await setupApp()
  shop = await createShop(ctx)
})

const newOrder = (orderId: string): typeof orders.$inferInsert => ({
  shopId: shop.id,
  orderId,
  email: 'ama@example.com',
  checkoutId: null,
  items: [{ product: '7b0c3f7e-8d0e-4a4e-9a51-0d6f0d3f2b11', title: 'Kente scarf, "gold"', count: 2, priceMinor: 4500, sellAtMinor: 0, unitPriceMinor: 4500, currency: 'GHS', images: [] }],
  delivery: { type: 'pick-up' },
  discount: null,
  currency: 'GHS',
  subtotalMinor: 9000,
  taxMinor: 0,
  deliveryMinor: 0,
  discountMinor: 0,
  totalMinor: 9000,
})

describe('table rows in SQL templates', () => {
  it('inserts what rowValues encodes and reads back with rowReader exactly what the query builder selects', async () => {
    const { db } = ctx.database
    const [raw] = await queryRows<Record<string, unknown>>(db, sql`insert into ${orders} ${rowValues(orders, newOrder('RAW001'))} returning *`)
    const read = rowReader(orders)(raw!)
    const [selected] = await db.select().from(orders).where(eq(orders.id, read.id))
    expect(read).toEqual(selected)
    // Left-out columns took their defaults; jsonb, nulls and timestamps came back typed.
    expect(read).toMatchObject({ phone: '', status: 'placed', paymentProvider: 'manual', acked: false, profileId: null, discount: null })
    expect(read.items[0]!.title).toBe('Kente scarf, "gold"')
    expect(read.createdAt).toBeInstanceOf(Date)
  })

  it('writes an SQL value as written', async () => {
    const { db } = ctx.database
    const values = { ...newOrder('RAW004'), createdAt: sql`now() - interval '1 day'` as unknown as Date }
    const [raw] = await queryRows<Record<string, unknown>>(db, sql`insert into ${orders} ${rowValues(orders, values)} returning *`)
    const read = rowReader(orders)(raw!)
    expect(Date.now() - read.createdAt.getTime()).toBeGreaterThan(23 * 3600 * 1000)
    expect(read.updatedAt.getTime() - read.createdAt.getTime()).toBeGreaterThan(23 * 3600 * 1000)
  })

  it('reads a row that came back as JSON (to_json) the same way', async () => {
    const { db } = ctx.database
    const [raw] = await queryRows<{ row: Record<string, unknown> }>(db, sql`
      with inserted as (insert into ${orders} ${rowValues(orders, newOrder('RAW002'))} returning *)
      select to_json(inserted) as row from inserted`)
    const read = rowReader(orders)(raw!.row)
    const [selected] = await db.select().from(orders).where(eq(orders.id, read.id))
    expect(read).toEqual(selected)
  })

  it('encodes each value by its column, so a jsonb default and a given jsonb both round-trip', async () => {
    const { db } = ctx.database
    const [order] = await db.insert(orders).values(newOrder('RAW003')).returning()
    const values = { shopId: shop.id, orderId: order!.id, provider: 'manual', reference: 'RAW003-1', amountMinor: 9000, currency: 'GHS' }
    const read = rowReader(transactions)
    const [plain] = await queryRows<Record<string, unknown>>(db, sql`insert into ${transactions} ${rowValues(transactions, values)} returning *`)
    expect(read(plain!)).toMatchObject({ ...values, status: 'pending', details: {} })
    const details = { note: 'paid at the counter', parts: [1, 2] }
    const [detailed] = await queryRows<Record<string, unknown>>(
      db,
      sql`insert into ${transactions} ${rowValues(transactions, { ...values, reference: 'RAW003-2', details })} returning *`,
    )
    expect(read(detailed!).details).toEqual(details)
  })

  it('runs a prepared statement with new values each time and answers raw rows for rowReader', async () => {
    const { db } = ctx.database
    const [first, second] = [await createShop(ctx), await createShop(ctx)]
    await db.insert(orders).values([
      { ...newOrder('PREP01'), shopId: first.id },
      { ...newOrder('PREP02'), shopId: first.id },
      { ...newOrder('PREP03'), shopId: second.id },
    ])
    const byShop = preparedRows(db, db.select().from(orders).where(eq(orders.shopId, sql.placeholder('shop'))).orderBy(orders.orderId))
    const read = rowReader(orders)
    const firsts = (await byShop({ shop: first.id })).map(read)
    expect(firsts.map((order) => order.orderId)).toEqual(['PREP01', 'PREP02'])
    expect(firsts).toEqual(await db.select().from(orders).where(eq(orders.shopId, first.id)).orderBy(orders.orderId))
    expect((await byShop({ shop: second.id })).map(read).map((order) => order.orderId)).toEqual(['PREP03'])
  })
})
