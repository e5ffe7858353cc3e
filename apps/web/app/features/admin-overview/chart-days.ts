/**
 * The days a chart covers, in the shop's time zone (the API counts Africa/Accra days too): the last 7 or
 * 30 days up to today, as 'YYYY-MM-DD', and how each day is labelled ("3 Mar").
 */
import { SHOP_TIME_ZONE } from '@shop/domain'

export const chartRanges = [7, 30] as const
export type ChartRange = (typeof chartRanges)[number]

const DAY_MS = 86_400_000
const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' })
const labelFormat = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short' })
const longLabelFormat = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short' })

export function parseChartRange(value: string | null): ChartRange {
  return value === '30' ? 30 : 7
}

/** The first and last day of the last `days` days, today included. */
export function lastDays(days: number, now = new Date()): { from: string; to: string } {
  const to = dayFormat.format(now)
  const from = new Date(Date.parse(`${to}T00:00:00Z`) - (days - 1) * DAY_MS).toISOString().slice(0, 10)
  return { from, to }
}

/** '2024-03-03' → '3 Mar'. */
export function dayLabel(day: string): string {
  return labelFormat.format(new Date(`${day}T00:00:00Z`))
}

/** '2024-03-03' → 'Sun 3 Mar', for tables and tooltips. */
export function longDayLabel(day: string): string {
  return longLabelFormat.format(new Date(`${day}T00:00:00Z`))
}
