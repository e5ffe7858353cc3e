/**
 * Orders for tests of modules that read them (reviews, sales), written straight to the table so those
 * tests do not depend on the order-placing code. Totals are minor units.
 */
import { randomBytes } from 'node:crypto'
import type { OrderStatus } from '@shop/domain'
import { orders } from '../src/db/schema'
import type { TestContext } from './helpers'

export type OrderFixture = {
  shopId: string
  profileId?: string | null
  status?: OrderStatus
  totalMinor?: number
  createdAt?: Date
  currency?: string
  acked?: boolean
  /** Line items (count and unit price in minor units); one line of `totalMinor` by default. */
  items?: { product: string; title: string; count: number; unitPriceMinor: number }[]
}

export async function insertOrder(ctx: TestContext, fixture: OrderFixture) {
  const total = fixture.totalMinor ?? 10_000
  const [row] = await ctx.database.db
    .insert(orders)
    .values({
      shopId: fixture.shopId,
      orderId: randomBytes(4).toString('hex').toUpperCase(),
      profileId: fixture.profileId ?? null,
      email: 'buyer@example.com',
      items: (fixture.items ?? [{ product: '00000000-0000-4000-8000-000000000001', count: 1, title: 'A thing', unitPriceMinor: total }]).map(
        (line) => ({ ...line, priceMinor: line.unitPriceMinor, sellAtMinor: 0, currency: 'GHS', images: [] }),
      ),
      delivery: { type: 'pick-up' },
      currency: fixture.currency ?? 'GHS',
      subtotalMinor: total,
      taxMinor: 0,
      deliveryMinor: 0,
      discountMinor: 0,
      totalMinor: total,
      status: fixture.status ?? 'placed',
      acked: fixture.acked ?? false,
      ...(fixture.createdAt ? { createdAt: fixture.createdAt, updatedAt: fixture.createdAt } : {}),
    })
    .returning()
  return row!
}
