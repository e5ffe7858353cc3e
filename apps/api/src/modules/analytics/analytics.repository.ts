/** The only SQL for tracking ids, analytics events and the daily visits chart. */
import { SHOP_TIME_ZONE } from '@shop/domain'
import { and, eq, gt, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { queryRows } from '../../db/query-rows'
import { analyticsEvents, trackingIds } from '../../db/schema'
import { type DateRange, daysOf } from './date-range'

export type NewAnalyticsEvent = Pick<typeof analyticsEvents.$inferInsert, 'shopId' | 'trackingId' | 'action' | 'category' | 'extras' | 'createdAt'>
export type DailyVisits = { date: string; visits: number; visitors: number }

export async function insertTrackingId(db: Db, values: { createdAt: Date; expiresAt: Date }): Promise<string> {
  const [row] = await db.insert(trackingIds).values(values).returning({ id: trackingIds.id })
  return row!.id
}

/** Whether the id exists and has not expired at `now`. */
export async function isLiveTrackingId(db: Db, id: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: trackingIds.id })
    .from(trackingIds)
    .where(and(eq(trackingIds.id, id), gt(trackingIds.expiresAt, now)))
    .limit(1)
  return !!row
}

export async function insertEvent(db: Db, event: NewAnalyticsEvent): Promise<void> {
  await db.insert(analyticsEvents).values(event)
}

/**
 * One row per shop-time-zone day of the range, days without events included (0): visits are site_visit
 * events, visitors the distinct tracking ids with any event that day. The events are read through
 * analytics_events_shop_created_idx (shop_id, created_at); exported so a test can EXPLAIN exactly this SQL.
 */
export function dailyVisitsQuery(shopId: string, range: DateRange) {
  const from = range.from.toISOString()
  const to = range.to.toISOString()
  return sql`
    with days as (${daysOf(range)}
    ),
    counts as (
      select (${analyticsEvents.createdAt} at time zone ${SHOP_TIME_ZONE})::date as day,
        count(*) filter (where ${analyticsEvents.action} = 'site_visit')::int as visits,
        count(distinct ${analyticsEvents.trackingId})::int as visitors
      from ${analyticsEvents}
      where ${analyticsEvents.shopId} = ${shopId}
        and ${analyticsEvents.createdAt} >= ${from}::timestamptz
        and ${analyticsEvents.createdAt} <= ${to}::timestamptz
      group by 1
    )
    select to_char(days.day, 'YYYY-MM-DD') as date,
      coalesce(counts.visits, 0)::int as visits,
      coalesce(counts.visitors, 0)::int as visitors
    from days left join counts on counts.day = days.day
    order by days.day`
}

export async function dailyVisits(db: Db, shopId: string, range: DateRange): Promise<DailyVisits[]> {
  const rows = await queryRows<DailyVisits>(db, dailyVisitsQuery(shopId, range))
  return rows.map((row) => ({ date: row.date, visits: Number(row.visits), visitors: Number(row.visitors) }))
}
