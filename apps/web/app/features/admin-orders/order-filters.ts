/**
 * The staff order list's address and its API query (docs/product.md §7 orders row). In the address: `status` (one
 * status tab), `from` and `to` (days, 'YYYY-MM-DD'), `q` (part of an order number, a name, an e-mail or a
 * phone) and `page`. To the API: the status as a `$or` filter, the days as createdAt[$gte]/[$lte] in
 * milliseconds (docs/product.md's startDate and endDate; the `to` day counts whole, in the shop's time zone), q as the
 * staff search `q` (number, name, e-mail or phone, a phone in any form), `unpaid=1` as the API's
 * `unpaid=true` (a balance still due), `source` (where the order came from: whatsapp, phone, …) as the API's `source`, `refunds=1` as `refundDue=true` (money to give back), newest first, and only acked orders (docs/architecture.md §8: staff lists show orders that are paid or need no payment up front).
 */
import { type OrderSource, type OrderStatus, endOfDay, isOrderStatus, orderSources, orderStatusLabels, orderStatuses } from '@shop/domain'
import type { Query } from '../../lib/api'

export const ORDERS_PAGE_SIZE = 20
const DAY_MS = 86_400_000
const MAX_QUERY_LENGTH = 100

export type OrderFilters = {
  /** null: every status. */
  status: OrderStatus | null
  from: string
  to: string
  q: string
  /** Only orders with a balance still due (delivered unpaid included). */
  unpaid: boolean
  /** Only orders with money to give back (decision 59). */
  refunds: boolean
  /** Only orders from this source (decision 61); null: from anywhere. */
  source: OrderSource | null
  page: number
}

export const noOrderFilters: OrderFilters = { status: null, from: '', to: '', q: '', unpaid: false, refunds: false, source: null, page: 1 }

export function isOrderSource(value: unknown): value is OrderSource {
  return typeof value === 'string' && (orderSources as readonly string[]).includes(value)
}

/** The tabs above the list: All, then docs/product.md §4's statuses in their order. */
export const statusTabs: readonly { status: OrderStatus | null; label: string }[] = [
  { status: null, label: 'All' },
  ...orderStatuses.map((status) => ({ status, label: orderStatusLabels[status] })),
]

function validDay(value: string | null): string {
  return value && endOfDay(value) ? value : ''
}

export function parseOrderFilters(params: URLSearchParams): OrderFilters {
  const status = params.get('status')
  let from = validDay(params.get('from'))
  let to = validDay(params.get('to'))
  // A range typed the wrong way round still means the days between.
  if (from && to && from > to) [from, to] = [to, from]
  const page = Number.parseInt(params.get('page') ?? '1', 10)
  return {
    status: isOrderStatus(status) ? status : null,
    from,
    to,
    q: (params.get('q') ?? '').trim().slice(0, MAX_QUERY_LENGTH),
    unpaid: params.get('unpaid') === '1',
    refunds: params.get('refunds') === '1',
    source: isOrderSource(params.get('source')) ? (params.get('source') as OrderSource) : null,
    page: Number.isFinite(page) && page >= 1 ? Math.min(page, 10_000) : 1,
  }
}

/** First and last millisecond of a shop day ('YYYY-MM-DD'). */
export function dayBounds(day: string): { start: number; end: number } | null {
  const end = endOfDay(day)
  if (!end) return null
  // endOfDay is 23:59:59.000; the day's last millisecond is 999 later, its first 24 hours before that.
  const last = end.getTime() + 999
  return { start: last - DAY_MS + 1, end: last }
}

export function toOrderQuery(filters: OrderFilters, shopId: string, pageSize = ORDERS_PAGE_SIZE): Query {
  const query: Query = {
    shop: shopId,
    acked: true,
    $sort: { createdAt: -1 },
    $skip: (filters.page - 1) * pageSize,
    $limit: pageSize,
  }
  if (filters.status) query.$or = [{ status: filters.status }]
  const start = filters.from ? dayBounds(filters.from)?.start : undefined
  const end = filters.to ? dayBounds(filters.to)?.end : undefined
  if (start !== undefined || end !== undefined) query.createdAt = { $gte: start, $lte: end }
  if (filters.q) query.q = filters.q
  if (filters.unpaid) query.unpaid = 'true'
  if (filters.refunds) query.refundDue = 'true'
  if (filters.source) query.source = filters.source
  return query
}

/** The list's address for `filters`: only what is set, page 1 left out. */
export function ordersHref(filters: Partial<OrderFilters>): string {
  const params = new URLSearchParams()
  if (filters.status) params.set('status', filters.status)
  if (filters.from) params.set('from', filters.from)
  if (filters.to) params.set('to', filters.to)
  if (filters.q) params.set('q', filters.q)
  if (filters.unpaid) params.set('unpaid', '1')
  if (filters.refunds) params.set('refunds', '1')
  if (filters.source) params.set('source', filters.source)
  if (filters.page && filters.page > 1) params.set('page', String(filters.page))
  const search = params.toString()
  return search ? `/admin/orders?${search}` : '/admin/orders'
}

/** Which orders of how many a page shows: "21–40 of 93". */
export function pageRange(page: number, pageSize: number, total: number): { first: number; last: number; pages: number } {
  const first = total === 0 ? 0 : Math.min((page - 1) * pageSize + 1, total)
  const last = Math.min(page * pageSize, total)
  return { first, last, pages: Math.max(1, Math.ceil(total / pageSize)) }
}
