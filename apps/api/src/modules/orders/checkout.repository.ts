/** The only SQL for checkouts. */
import { and, asc, count, eq, ne } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { checkouts, orders } from '../../db/schema'
import type { ParsedQuery, QuerySpec } from '../../lib/feathers-query'
import type { CheckoutRow, OrderRow } from './orders.dto'

export const checkoutQuerySpec: QuerySpec = {
  fields: {
    createdAt: { column: checkouts.createdAt, type: 'date', sort: true },
  },
  defaultSort: { createdAt: -1 },
  tieBreaker: checkouts.id,
}

export type NewCheckout = typeof checkouts.$inferInsert

export async function insertCheckout(db: Db, values: NewCheckout): Promise<CheckoutRow> {
  const [row] = await db.insert(checkouts).values(values).returning()
  return row!
}

export async function findCheckout(db: Db, id: string): Promise<CheckoutRow | null> {
  const [row] = await db.select().from(checkouts).where(eq(checkouts.id, id)).limit(1)
  return row ?? null
}

/** Reads and locks the checkout until the transaction ends: two placements of one checkout run one after the other. */
export async function findCheckoutForUpdate(db: Db, id: string): Promise<CheckoutRow | null> {
  const [row] = await db.select().from(checkouts).where(eq(checkouts.id, id)).limit(1).for('update')
  return row ?? null
}

/** The order placed from the checkout that is not canceled, if any (orders_checkout_idx). */
export async function findPlacedOrderOfCheckout(db: Db, checkoutId: string): Promise<OrderRow | null> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.checkoutId, checkoutId), ne(orders.status, 'canceled')))
    .orderBy(asc(orders.createdAt))
    .limit(1)
  return row ?? null
}

/** One page of a user's checkouts in one shop. */
export async function listCheckouts(db: Db, scope: { profileId: string; shopId: string }, parsed: ParsedQuery) {
  const where = and(eq(checkouts.shopId, scope.shopId), eq(checkouts.profileId, scope.profileId), parsed.where)
  const [rows, [counted]] = await Promise.all([
    parsed.limit > 0
      ? db.select().from(checkouts).where(where).orderBy(...parsed.orderBy).limit(parsed.limit).offset(parsed.skip)
      : Promise.resolve([] as CheckoutRow[]),
    db.select({ total: count() }).from(checkouts).where(where),
  ])
  return { rows, total: counted?.total ?? 0 }
}
