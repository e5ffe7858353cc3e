/**
 * The platform console's address: what the list of shops shows (search, state, sort, page) lives in the
 * query string, so back, forward and reload keep it.
 */
import { PLATFORM_SHOP_SORTS, type PlatformShopSort } from '@shop/domain/schemas/platform'
import type { Query } from '../../lib/api'

export const SHOPS_PER_PAGE = 25
export const AUDIT_EVENTS_SHOWN = 20

export type ConsoleView = { q: string; status: '' | 'active' | 'suspended'; sort: PlatformShopSort; skip: number }

export const SORT_LABELS: Record<PlatformShopSort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  name: 'Name',
  sales: 'Sales, last 30 days',
  orders: 'Orders, last 30 days',
  storage: 'Storage used',
}

export function parseConsoleView(params: URLSearchParams): ConsoleView {
  const sort = params.get('sort') ?? ''
  const status = params.get('status') ?? ''
  const skip = Number(params.get('skip') ?? 0)
  return {
    q: (params.get('q') ?? '').slice(0, 100),
    status: status === 'active' || status === 'suspended' ? status : '',
    sort: (PLATFORM_SHOP_SORTS as readonly string[]).includes(sort) ? (sort as PlatformShopSort) : 'newest',
    skip: Number.isInteger(skip) && skip > 0 ? skip : 0,
  }
}

/** The API query of a view. */
export function shopsQuery(view: ConsoleView): Query {
  return { q: view.q || undefined, status: view.status || undefined, sort: view.sort, $limit: SHOPS_PER_PAGE, $skip: view.skip }
}

/** The address of a view: only what differs from the defaults. */
export function consoleSearch(view: ConsoleView): string {
  const params = new URLSearchParams()
  if (view.q) params.set('q', view.q)
  if (view.status) params.set('status', view.status)
  if (view.sort !== 'newest') params.set('sort', view.sort)
  if (view.skip) params.set('skip', String(view.skip))
  const text = params.toString()
  return text ? `?${text}` : ''
}

/** Why a suspension cannot go ahead: its reason is blank (the shop's staff read it). Null when it can. */
export function suspensionProblem(reason: string | undefined): string | null {
  return reason?.trim() ? null : 'Say why the shop is suspended: its staff will read it'
}

const UNITS = ['bytes', 'KB', 'MB', 'GB', 'TB']

/** Storage as people read it: 0 bytes, 4 KB, 1.5 GB. */
export function formatBytes(bytes: number): string {
  let value = bytes
  let unit = 0
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024
    unit += 1
  }
  return unit === 0 ? `${value} ${UNITS[0]}` : `${value >= 10 ? Math.round(value) : Math.round(value * 10) / 10} ${UNITS[unit]}`
}

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })
const timeFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC', timeZoneName: 'short' })

export const formatDay = (iso: string) => dateFormat.format(new Date(iso))
export const formatTime = (iso: string) => timeFormat.format(new Date(iso))
