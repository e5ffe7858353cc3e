/** The only SQL for the daily sales chart: it reads orders, never writes them. */
import { SHOP_TIME_ZONE } from '@shop/domain'
import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { queryRows } from '../../db/query-rows'
import { orders, refunds, transactions } from '../../db/schema'
import { type DateRange, daysOf } from './date-range'

/**
 * An order's sale net of its refunds (decision 59): its total less the refunds (given or under way) beyond
 * what was paid over what it owed, never below 0, as the ledger reads a refund on an order that stands. Only
 * an order with a refund reads its payments. For an order row of the statement it is written into.
 */
export const netSaleMinor = sql`(case
  when not exists (select 1 from ${refunds} r where r.order_id = ${orders.id}) then ${orders.totalMinor}
  else greatest(0, ${orders.totalMinor} - greatest(0,
    coalesce((select sum(r.amount_minor) from ${refunds} r where r.order_id = ${orders.id} and r.status in ('pending', 'succeeded')), 0)
    - greatest(0, coalesce((select sum(t.amount_minor) from ${transactions} t where t.order_id = ${orders.id} and t.status = 'success'), 0)
      - (${orders.totalMinor} + ${orders.taxMinor}))))
  end)`

type SalesRow = { date: string; sales_minor: number; orders: number }
export type DailySales = { date: string; salesMinor: number; orders: number }

/**
 * One row per shop-time-zone day of the range, days without orders included (0): the sum of the totals net
 * of refunds (minor units) and the count of the orders placed that day that were not canceled. Orders are read
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
        sum(${netSaleMinor})::float8 as sales_minor,
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
