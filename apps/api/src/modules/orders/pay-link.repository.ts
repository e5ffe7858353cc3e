/**
 * The SQL of pay links and reminders to pay (decision 63): the hosts a shop is served on, for the link's
 * origin and the pay page's host check, and claiming the unpaid online orders due their one reminder.
 */
import { UNPAID_ORDER_TIMEOUT } from '@shop/domain/schemas/shop'
import { and, asc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { orders, shopConfigs, shopDomains, shopMessageSettings, shops } from '../../db/schema'
import type { OrderRow } from './orders.dto'

export type ShopHosts = { title: string; slug: string; domains: string[] }

/** The shop's title, slug and verified custom domains; null for an unknown shop. */
export async function findShopHosts(db: Db, shopId: string): Promise<ShopHosts | null> {
  const [shop] = await db.select({ title: shops.title, slug: shops.slug }).from(shops).where(eq(shops.id, shopId)).limit(1)
  if (!shop) return null
  const domains = await db
    .select({ domain: shopDomains.domain })
    .from(shopDomains)
    .where(and(eq(shopDomains.shopId, shopId), eq(shopDomains.status, 'verified')))
  return { ...shop, domains: domains.map((row) => row.domain.toLowerCase()) }
}

/**
 * The online orders due their one reminder, oldest first: still placed and unpaid, halfway to their shop's
 * unpaid timeout but not past it, never reminded, in shops that keep reminders on. Reads orders_unpaid_idx
 * (placed, unacked orders by age) from half the shortest timeout any shop may set. Across shops, so only
 * for the background sweep.
 */
export function dueRemindersQuery(db: Db, limit: number) {
  const timeout = sql<number>`coalesce(${shopConfigs.unpaidOrderTimeoutMinutes}, ${UNPAID_ORDER_TIMEOUT.default})`
  return db
    .select({ id: orders.id })
    .from(orders)
    .leftJoin(shopConfigs, eq(shopConfigs.shopId, orders.shopId))
    .leftJoin(shopMessageSettings, eq(shopMessageSettings.shopId, orders.shopId))
    .where(
      and(
        sql`${orders.status} = 'placed' and not ${orders.acked}`,
        isNull(orders.remindedAt),
        lt(orders.createdAt, sql`now() - make_interval(secs => ${UNPAID_ORDER_TIMEOUT.min * 30})`),
        lt(orders.createdAt, sql`now() - make_interval(secs => ${timeout} * 30)`),
        gt(orders.createdAt, sql`now() - make_interval(mins => ${timeout})`),
        sql`coalesce(${shopMessageSettings.paymentReminders}, true)`,
      ),
    )
    .orderBy(asc(orders.createdAt))
    .limit(limit)
}

/**
 * Marks up to `limit` due orders (`dueRemindersQuery`) as reminded at `at` and answers them. The
 * `reminded_at is null` of the UPDATE is checked again on the locked row, so of two processes claiming the
 * same order only one gets it back: each order is reminded once.
 */
export async function claimDueReminders(db: Db, at: Date, limit: number): Promise<OrderRow[]> {
  return db
    .update(orders)
    .set({ remindedAt: at })
    .where(and(inArray(orders.id, dueRemindersQuery(db, limit)), isNull(orders.remindedAt)))
    .returning()
}
