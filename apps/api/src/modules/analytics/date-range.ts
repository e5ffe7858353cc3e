/**
 * Date ranges of the dashboard charts. A bound is a day ('YYYY-MM-DD': from its start, or to its end, in
 * the shop time zone), an ISO-8601 date-time, or milliseconds since the epoch. Charts have one point per
 * day of the shop time zone (Africa/Accra), from the day of `from` to the day of `to`.
 */
import { SHOP_TIME_ZONE, endOfDay } from '@shop/domain'
import { type SQL, sql } from 'drizzle-orm'
import { invalidQuery } from '../../lib/errors'

export const DEFAULT_RANGE_DAYS = 30
export const MAX_RANGE_DAYS = 366
const DAY_MS = 86_400_000
/** Bounds outside these years are refused: nothing is recorded before 1970, and days have 4-digit years. */
const EARLIEST = Date.UTC(1970, 0, 1)
const LATEST = Date.UTC(9999, 11, 30)

export type DateRange = { from: Date; to: Date }

const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' })

/** The shop-time-zone day of an instant, as 'YYYY-MM-DD'. */
export function dayOf(instant: Date): string {
  return dayFormat.format(instant)
}

/** First millisecond of a day (Africa/Accra keeps UTC all year, so a day is always 24 hours long). */
function startOfDay(day: string): Date | null {
  const end = endOfDay(day)
  return end && new Date(end.getTime() - DAY_MS + 1000)
}

/** Last millisecond of a day (endOfDay is 23:59:59.000). */
function lastMillisecondOf(day: string): Date | null {
  const end = endOfDay(day)
  return end && new Date(end.getTime() + 999)
}


export function parseBound(value: string, edge: 'start' | 'end', path: string): Date {
  let date: Date | null = null
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    date = edge === 'start' ? startOfDay(value) : lastMillisecondOf(value)
  } else if (/^\d{1,15}$/.test(value)) {
    date = new Date(Number(value))
  } else if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) {
    date = new Date(value)
  }
  if (!date || Number.isNaN(date.getTime())) invalidQuery(path, 'must be a day (YYYY-MM-DD), an ISO-8601 date-time or milliseconds')
  if (date.getTime() < EARLIEST || date.getTime() > LATEST) invalidQuery(path, 'must be between 1970 and 9999')
  return date
}

/**
 * Resolves optional bounds. Without `to`, up to now; without `from`, from the start of the day
 * DEFAULT_RANGE_DAYS - 1 days before `to`'s day, so the default chart has DEFAULT_RANGE_DAYS points.
 */
export function resolveRange(bounds: { from?: string; to?: string }, paths: { from: string; to: string }, now = new Date()): DateRange {
  const to = bounds.to === undefined ? now : parseBound(bounds.to, 'end', paths.to)
  const from =
    bounds.from === undefined
      ? new Date(startOfDay(dayOf(to))!.getTime() - (DEFAULT_RANGE_DAYS - 1) * DAY_MS)
      : parseBound(bounds.from, 'start', paths.from)
  if (from.getTime() > to.getTime()) invalidQuery(paths.from, `must not be after ${paths.to}`)
  if (to.getTime() - from.getTime() > MAX_RANGE_DAYS * DAY_MS) invalidQuery(paths.to, `must be at most ${MAX_RANGE_DAYS} days after ${paths.from}`)
  return { from, to }
}

/** SQL for one row per shop-time-zone day of the range (`day date`), the spine the charts join onto. */
export function daysOf(range: DateRange): SQL {
  return sql`
      select day::date as day
      from generate_series(
        (${range.from.toISOString()}::timestamptz at time zone ${SHOP_TIME_ZONE})::date,
        (${range.to.toISOString()}::timestamptz at time zone ${SHOP_TIME_ZONE})::date,
        interval '1 day'
      ) as day`
}
