/** The only SQL for the daily sales chart: it reads orders, never writes them. */
import { SHOP_TIME_ZONE } from '@shop/domain'
import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { queryRows } from '../../db/query-rows'
import { orders } from '../../db/schema'
import { type DateRange, daysOf } from './date-range'

type SalesRow = { date: string; sales_minor: number; orders: number }
export type DailySales = { date: string; salesMinor: number; orders: number }

/**
 * One row per shop-time-zone day of the range, days without orders included (0): the sum of the totals
 * (minor units) and the count of the orders placed that day that were not canceled. Orders are read
 * through orders_shop_created_idx (shop_id, created_at); exported so a test can EXPLAIN exactly this SQL.
 */
export function dailySalesQuery(shopId: string, range: DateRange) {
  const from = range.from.toISOString()
  const to = range.to.toISOString()
  return sql`
    with days as (${daysOf(range)}
    ),
    totals as (
      select (${orders.createdAt} at time zone ${SHOP_TIME_ZONE})::date as day,
        sum(${orders.totalMinor})::float8 as sales_minor,
        count(*)::int as orders
      from ${orders}
      where ${orders.shopId} = ${shopId}
        and ${orders.createdAt} >= ${from}::timestamptz
        and ${orders.createdAt} <= ${to}::timestamptz
        and ${orders.status} <> 'canceled'
      group by 1
    )
    select to_char(days.day, 'YYYY-MM-DD') as date,
      coalesce(totals.sales_minor, 0)::float8 as sales_minor,
      coalesce(totals.orders, 0)::int as orders
    from days left join totals on totals.day = days.day
    order by days.day`
}

export async function dailySales(db: Db, shopId: string, range: DateRange): Promise<DailySales[]> {
  const rows = await queryRows<SalesRow>(db, dailySalesQuery(shopId, range))
  return rows.map((row) => ({ date: row.date, salesMinor: Number(row.sales_minor), orders: Number(row.orders) }))
}
