/**
 * The only SQL for the dashboard overview's figures and to-do list. It reads orders, events, inventory,
 * products, reviews and the shop's settings, and writes nothing. Every statement names the shop first, so
 * each one runs on an index that starts with shop_id.
 */
import { LOW_STOCK_THRESHOLD } from '@shop/domain/schemas/shop'
import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { queryRows } from '../../db/query-rows'
import { analyticsEvents, inventory, orders, products, refunds, reviews, shopConfigs, transactions } from '../../db/schema'
import type { DateRange } from './date-range'
import { netSaleMinor } from './sales.repository'

export type PeriodTotals = { salesMinor: number; orders: number; visits: number }
export type TopProductRow = { product: string; title: string; units: number; revenueMinor: number; unitsRank: number; revenueRank: number }
export type LowStockRow = { product: string; variant: string; title: string; features: Record<string, string> | null; quantity: number; total: number }
export type OrderTodoCounts = Partial<Record<'placed' | 'packaged' | 'ready', number>>

/**
 * Orders placed in the range that were not canceled, their sales net of refunds (orders_shop_created_idx),
 * and visits (analytics_events_shop_created_idx).
 */
export async function periodTotals(db: Db, shopId: string, range: DateRange): Promise<PeriodTotals> {
  const from = range.from.toISOString()
  const to = range.to.toISOString()
  const [row] = await queryRows<{ sales_minor: number; orders: number; visits: number }>(
    db,
    sql`
      select
        (select coalesce(sum(${netSaleMinor}), 0)::float8 from ${orders}
          where ${orders.shopId} = ${shopId} and ${orders.createdAt} >= ${from}::timestamptz
            and ${orders.createdAt} <= ${to}::timestamptz and ${orders.status} <> 'canceled') as sales_minor,
        (select count(*)::int from ${orders}
          where ${orders.shopId} = ${shopId} and ${orders.createdAt} >= ${from}::timestamptz
            and ${orders.createdAt} <= ${to}::timestamptz and ${orders.status} <> 'canceled') as orders,
        (select count(*)::int from ${analyticsEvents}
          where ${analyticsEvents.shopId} = ${shopId} and ${analyticsEvents.createdAt} >= ${from}::timestamptz
            and ${analyticsEvents.createdAt} <= ${to}::timestamptz and ${analyticsEvents.action} = 'site_visit') as visits`,
  )
  return { salesMinor: Number(row?.sales_minor ?? 0), orders: Number(row?.orders ?? 0), visits: Number(row?.visits ?? 0) }
}

/**
 * The products sold most in the range, by units and by revenue (each line's count × the unit price paid),
 * from the line items of the orders placed in it that were not canceled (orders_shop_created_idx): the
 * `limit` best of each ranking, in one statement. A product's title is the one on its most recent order.
 * Exported so a test can EXPLAIN exactly this SQL.
 */
export function topProductsQuery(shopId: string, range: DateRange, limit: number) {
  return sql`
      with lines as (
        select item->>'product' as product, item->>'title' as title, ${orders.createdAt} as created_at,
          coalesce((item->>'count')::int, 0) as units,
          coalesce((item->>'count')::bigint * (item->>'unitPriceMinor')::bigint, 0) as revenue_minor
        from ${orders} cross join lateral jsonb_array_elements(${orders.items}) as item
        where ${orders.shopId} = ${shopId}
          and ${orders.createdAt} >= ${range.from.toISOString()}::timestamptz
          and ${orders.createdAt} <= ${range.to.toISOString()}::timestamptz
          and ${orders.status} <> 'canceled'
      ),
      sold as (
        select product, (array_agg(title order by created_at desc))[1] as title,
          sum(units)::int as units, sum(revenue_minor)::float8 as revenue_minor
        from lines group by product
      ),
      ranked as (
        select *, row_number() over (order by units desc, revenue_minor desc, product)::int as units_rank,
          row_number() over (order by revenue_minor desc, units desc, product)::int as revenue_rank
        from sold
      )
      select * from ranked where units_rank <= ${limit} or revenue_rank <= ${limit}`
}

export async function topProducts(db: Db, shopId: string, range: DateRange, limit: number): Promise<TopProductRow[]> {
  const rows = await queryRows<{ product: string; title: string; units: number; revenue_minor: number; units_rank: number; revenue_rank: number }>(
    db,
    topProductsQuery(shopId, range, limit),
  )
  return rows.map((row) => ({
    product: row.product,
    title: row.title,
    units: Number(row.units),
    revenueMinor: Number(row.revenue_minor),
    unitsRank: Number(row.units_rank),
    revenueRank: Number(row.revenue_rank),
  }))
}

/** Acked orders still in the shop's hands, by status (orders_shop_status_idx); exported for EXPLAIN. */
export function orderTodoQuery(shopId: string) {
  return sql`
      select ${orders.status} as status, count(*)::int as count from ${orders}
      where ${orders.shopId} = ${shopId} and ${orders.status} in ('placed', 'packaged', 'ready') and ${orders.acked}
      group by 1`
}

export async function orderTodoCounts(db: Db, shopId: string): Promise<OrderTodoCounts> {
  const rows = await queryRows<{ status: keyof OrderTodoCounts; count: number }>(db, orderTodoQuery(shopId))
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.count)]))
}

/** The shop's low-stock threshold: its setting, or the default before its settings were first saved. */
export async function lowStockThreshold(db: Db, shopId: string): Promise<number> {
  const [row] = await queryRows<{ value: number }>(
    db,
    sql`select ${shopConfigs.lowStockThreshold} as value from ${shopConfigs} where ${shopConfigs.shopId} = ${shopId}`,
  )
  return row ? Number(row.value) : LOW_STOCK_THRESHOLD.default
}

/**
 * Tracked inventory rows at or below `threshold` (inventory_shop_product_variant_key), fewest left first,
 * the first `limit` of them with their product's title and the variant's features, each carrying the
 * count of all such rows.
 */
export async function lowStockRows(db: Db, shopId: string, threshold: number, limit: number): Promise<LowStockRow[]> {
  const rows = await queryRows<{ product: string; variant: string; title: string; features: Record<string, string> | null; quantity: number; total: number }>(
    db,
    sql`
      select ${inventory.productId} as product, ${inventory.variantId} as variant, ${products.title} as title,
        (select v->'features' from jsonb_array_elements(${products.variants}) as v
          where v->>'_id' = ${inventory.variantId} limit 1) as features,
        ${inventory.quantity} as quantity, count(*) over ()::int as total
      from ${inventory} join ${products} on ${products.id} = ${inventory.productId}
      where ${inventory.shopId} = ${shopId} and ${inventory.tracked} and ${inventory.quantity} <= ${threshold}
      order by ${inventory.quantity}, ${products.title}, ${inventory.variantId}
      limit ${limit}`,
  )
  return rows.map((row) => ({ ...row, quantity: Number(row.quantity), total: Number(row.total) }))
}

/** Visible reviews created since `since` that have no reply yet (reviews_shop_created_idx). */
export async function unansweredReviewCount(db: Db, shopId: string, since: Date): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    db,
    sql`
      select count(*)::int as count from ${reviews}
      where ${reviews.shopId} = ${shopId} and ${reviews.createdAt} >= ${since.toISOString()}::timestamptz
        and not ${reviews.hidden} and ${reviews.reply} is null`,
  )
  return Number(row?.count ?? 0)
}

/**
 * Orders with money to give back (decision 59): canceled ones still holding a payment, and standing ones paid
 * beyond what they owe, less what their refunds (given or under way) already gave back. The shop's orders
 * (orders_shop_created_idx), each one's payments and refunds by transactions_order_idx and refunds_order_idx;
 * exported for EXPLAIN.
 */
export function refundsDueQuery(shopId: string) {
  return sql`
      select count(*)::int as count from (
        select o.status, o.total_minor + o.tax_minor as owed_minor,
          coalesce((select sum(t.amount_minor) from ${transactions} t where t.order_id = o.id and t.status = 'success'), 0)
          - coalesce((select sum(r.amount_minor) from ${refunds} r where r.order_id = o.id and r.status in ('pending', 'succeeded')), 0) as held_minor
        from ${orders} o
        where o.shop_id = ${shopId}
      ) held
      where held.held_minor > case when held.status = 'canceled' then 0 else held.owed_minor end`
}

export async function refundsDueCount(db: Db, shopId: string): Promise<number> {
  const [row] = await queryRows<{ count: number }>(db, refundsDueQuery(shopId))
  return Number(row?.count ?? 0)
}

/**
 * Orders with money still to collect, as the ledger's balance says (decision 57): not canceled, owing more,
 * tax in, than was paid (a refund never makes an order owe again), delivered unpaid included. The shop's
 * orders (orders_shop_status_idx), each one's payments by transactions_order_idx; exported for EXPLAIN.
 */
export function unpaidOrdersQuery(shopId: string) {
  return sql`
      select count(*)::int as count from ${orders} o
      where o.shop_id = ${shopId} and o.status <> 'canceled'
        and o.total_minor + o.tax_minor >
          coalesce((select sum(t.amount_minor) from ${transactions} t where t.order_id = o.id and t.status = 'success'), 0)`
}

export async function unpaidOrdersCount(db: Db, shopId: string): Promise<number> {
  const [row] = await queryRows<{ count: number }>(db, unpaidOrdersQuery(shopId))
  return Number(row?.count ?? 0)
}
