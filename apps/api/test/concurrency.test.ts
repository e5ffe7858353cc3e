/**
 * Orders under load: many requests at once for the same stock, the same single-use code and the same
 * Idempotency-Key. Run on PGlite (requests serialized by its single connection) and on PostgreSQL
 * (TEST_DATABASE_URL: a pool of connections, so the transactions really race).
 */
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { discountCodes, inventory, orders, products } from '../src/db/schema'
import { discountCodeFactory, productFactory } from '../src/seed/factories'
import { createStaffedShop, errorBody, setupApp } from './helpers'

const ctx = await setupApp()
const db = ctx.database.db
const { shop } = await createStaffedShop(ctx)

async function stockedProduct(quantity: number, title = 'Last one') {
  const [product] = await db.insert(products).values(productFactory(shop.id, { title, priceMinor: 5_000 })).returning()
  await db.insert(inventory).values({ shopId: shop.id, productId: product!.id, variantId: '', quantity, tracked: true })
  return product!
}

async function stockOf(productId: string) {
  const [row] = await db.select().from(inventory).where(eq(inventory.productId, productId))
  return row!.quantity
}

async function ordersOf(productId: string) {
  const rows = await db.select().from(orders).where(eq(orders.shopId, shop.id))
  return rows.filter((row) => row.items.some((item) => item.product === productId))
}

function place(body: unknown, email: string, headers: Record<string, string> = {}) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/orders/?shop=${shop.id}&email=${encodeURIComponent(email)}`,
    headers,
    payload: body as object,
  })
}

const statuses = (responses: { statusCode: number }[]) => responses.map((r) => r.statusCode).sort()

describe('parallel orders', () => {
  it('sells the last unit exactly once to 50 buyers at once', async () => {
    const product = await stockedProduct(1)
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) => place({ items: [{ product: product.id, count: 1 }], delivery: { type: 'pick-up' } }, `buyer${i}@example.com`)),
    )
    const codes = statuses(responses)
    expect(codes.filter((code) => code === 201)).toHaveLength(1)
    expect(codes.filter((code) => code === 409)).toHaveLength(49)
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expect(errorBody(response).errors).toEqual([{ path: 'items.0', message: 'only 0 left' }])
    }
    expect(await stockOf(product.id)).toBe(0)
    expect(await ordersOf(product.id)).toHaveLength(1)
    const [row] = await db.select().from(products).where(eq(products.id, product.id))
    expect(row!.inStock).toBe(false)
  })

  it('sells exactly the stock there is, never below zero, with orders locking lines in any order', async () => {
    const a = await stockedProduct(10, 'A')
    const b = await stockedProduct(10, 'B')
    // Half the orders list A then B, half B then A: rows are locked in id order, so nobody deadlocks.
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) => {
        const items = [{ product: a.id, count: 1 }, { product: b.id, count: 1 }]
        return place({ items: i % 2 ? items : items.reverse(), delivery: { type: 'pick-up' } }, `ab${i}@example.com`)
      }),
    )
    const codes = statuses(responses)
    expect(codes.every((code) => code === 201 || code === 409)).toBe(true)
    expect(codes.filter((code) => code === 201)).toHaveLength(10)
    expect(await stockOf(a.id)).toBe(0)
    expect(await stockOf(b.id)).toBe(0)
    expect(await ordersOf(a.id)).toHaveLength(10)
  })

  it('uses a single-use code once under 30 orders at once', async () => {
    const product = await stockedProduct(1000, 'Plenty')
    const [code] = await db
      .insert(discountCodes)
      .values(discountCodeFactory(shop.id, { code: 'ONLYONCE', usageLimit: 1, type: 'fixed', value: 1_000 }))
      .returning()
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        place({ items: [{ product: product.id, count: 2 }], delivery: { type: 'pick-up' }, discount: { code: 'onlyonce' } }, `code${i}@example.com`),
      ),
    )
    const codes = statuses(responses)
    expect(codes.filter((c) => c === 201)).toHaveLength(1)
    expect(codes.every((c) => c === 201 || c === 409 || c === 422)).toBe(true)
    const winner = responses.find((r) => r.statusCode === 201)!.json()
    expect(winner.totals).toMatchObject({ subtotal: 100, discount: 10, total: 90 })
    const [row] = await db.select().from(discountCodes).where(eq(discountCodes.id, code!.id))
    expect(row!.usedCount).toBe(1)
    expect(await ordersOf(product.id)).toHaveLength(1)
    // The refused orders took no stock.
    expect(await stockOf(product.id)).toBe(998)
  })

  it('places one order for the same Idempotency-Key sent 10 times at once', async () => {
    const product = await stockedProduct(100, 'Retried')
    const body = { items: [{ product: product.id, count: 3 }], delivery: { type: 'pick-up' } }
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => place(body, 'retry@example.com', { 'idempotency-key': 'checkout-42-attempt' })),
    )
    expect(statuses(responses)).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201])
    const ids = new Set(responses.map((r) => r.json()._id))
    expect(ids.size).toBe(1)
    const rows = await ordersOf(product.id)
    expect(rows).toHaveLength(1)
    expect(rows[0]!.idempotencyKey).toBe('checkout-42-attempt')
    expect(await stockOf(product.id)).toBe(97)
  })
})
