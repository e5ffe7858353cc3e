/**
 * Dates as docs/product.md §9 shows them, in the shop's time zone (Africa/Accra by default): today 'HH:mm',
 * yesterday 'Yesterday, HH:mm', otherwise 'DD MMM'. A discount code expires at 23:59:59 of its day.
 */
export const SHOP_TIME_ZONE = 'Africa/Accra'

/**
 * One formatter per kind and time zone, made on first use: making an `Intl.DateTimeFormat` costs far more
 * than formatting with it (a tenth of a millisecond and more), and an order's messages format several dates.
 */
function memoized(make: (timeZone: string) => Intl.DateTimeFormat): (timeZone: string) => Intl.DateTimeFormat {
  const made = new Map<string, Intl.DateTimeFormat>()
  return (timeZone) => {
    let format = made.get(timeZone)
    if (!format) made.set(timeZone, (format = make(timeZone)))
    return format
  }
}

const partsFormat = memoized(
  (timeZone) => new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: 'short', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
)
const dayFormat = memoized((timeZone) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }))
const offsetFormat = memoized((timeZone) => new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' }))

function parts(date: Date, timeZone: string) {
  const formatted = partsFormat(timeZone).formatToParts(date)
  const get = (type: Intl.DateTimeFormatPartTypes) => formatted.find((p) => p.type === type)?.value ?? ''
  return { year: get('year'), month: get('month'), day: get('day'), time: `${get('hour')}:${get('minute')}` }
}

const dayKey = (p: ReturnType<typeof parts>) => `${p.year}-${p.month}-${p.day}`

export function formatShortDate(date: Date, now: Date = new Date(), timeZone = SHOP_TIME_ZONE): string {
  const d = parts(date, timeZone)
  if (dayKey(d) === dayKey(parts(now, timeZone))) return d.time
  if (dayKey(d) === dayKey(parts(new Date(now.getTime() - 86_400_000), timeZone))) return `Yesterday, ${d.time}`
  return `${d.day} ${d.month}`
}

/** A moment in full, for messages that are read later: '12 May 2026, 14:05' in the shop's time zone. */
export function formatDateTime(date: Date, timeZone = SHOP_TIME_ZONE): string {
  const d = parts(date, timeZone)
  return `${Number(d.day)} ${d.month} ${d.year}, ${d.time}`
}

/** 'YYYY-MM-DD' of an instant in `timeZone` (the shop's by default), as a date field shows it. */
export function shopDay(instant: Date, timeZone = SHOP_TIME_ZONE): string {
  return dayFormat(timeZone).format(instant)
}

/** Offset of `timeZone` from UTC at `date`, in minutes (e.g. +60 for UTC+01:00). */
function offsetMinutes(date: Date, timeZone: string): number {
  const name = offsetFormat(timeZone)
    .formatToParts(date)
    .find((p) => p.type === 'timeZoneName')?.value
  const match = /GMT([+-])(\d{2}):?(\d{2})?/.exec(name ?? '')
  if (!match) return 0
  return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3] ?? 0))
}

/** The instant 23:59:59 on `day` ('YYYY-MM-DD') in `timeZone`; null for an invalid day. */
export function endOfDay(day: string, timeZone = SHOP_TIME_ZONE): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day)
  if (!match) return null
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const utc = Date.UTC(y, m - 1, d, 23, 59, 59)
  const check = new Date(utc)
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== m - 1 || check.getUTCDate() !== d) return null
  return new Date(utc - offsetMinutes(check, timeZone) * 60_000)
}
