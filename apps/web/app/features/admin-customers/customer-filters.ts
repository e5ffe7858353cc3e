/**
 * The staff customer list's address and its API query (decision 65). In the address: `q` (part of a name,
 * an e-mail or a phone), `owes=1` (only those who still owe money), `sort` (recent, spent, orders, name)
 * and `page`. To the API: `q`, `owes=true`, the sort as `$sort[…]` and the page as `$skip`/`$limit`.
 */
import type { Query } from '../../lib/api'

export const CUSTOMERS_PAGE_SIZE = 20
const MAX_QUERY_LENGTH = 100

/** The list's orders, in a merchant's words, with the API's `$sort` for each. */
export const customerSorts = {
  recent: { label: 'Ordered lately', sort: { lastOrderAt: -1 } },
  spent: { label: 'Spent most', sort: { spent: -1 } },
  orders: { label: 'Most orders', sort: { orders: -1 } },
  name: { label: 'Name', sort: { name: 1 } },
} as const
export type CustomerSort = keyof typeof customerSorts

export type CustomerFilters = { q: string; owes: boolean; sort: CustomerSort; page: number }

/** The list as it opens: every customer, most recent first, the first page. */
export const noCustomerFilters: CustomerFilters = { q: '', owes: false, sort: 'recent', page: 1 }

function isSort(value: string | null): value is CustomerSort {
  return value !== null && Object.hasOwn(customerSorts, value)
}

export function parseCustomerFilters(params: URLSearchParams): CustomerFilters {
  const page = Number.parseInt(params.get('page') ?? '1', 10)
  const sort = params.get('sort')
  return {
    q: (params.get('q') ?? '').trim().slice(0, MAX_QUERY_LENGTH),
    owes: params.get('owes') === '1',
    sort: isSort(sort) ? sort : noCustomerFilters.sort,
    page: Number.isFinite(page) && page >= 1 ? Math.min(page, 10_000) : noCustomerFilters.page,
  }
}

export function toCustomerQuery(filters: CustomerFilters, shopId: string, pageSize = CUSTOMERS_PAGE_SIZE): Query {
  const query: Query = {
    shop: shopId,
    $sort: { ...customerSorts[filters.sort].sort },
    $skip: (filters.page - 1) * pageSize,
    $limit: pageSize,
  }
  if (filters.q) query.q = filters.q
  if (filters.owes) query.owes = 'true'
  return query
}

export const CUSTOMERS_PATH = '/admin/orders/customers'

/** The list's address for `filters`: only what is set, the default sort and page 1 left out. */
export function customersHref(filters: Partial<CustomerFilters>): string {
  const params = new URLSearchParams()
  if (filters.q) params.set('q', filters.q)
  if (filters.owes) params.set('owes', '1')
  if (filters.sort && filters.sort !== 'recent') params.set('sort', filters.sort)
  if (filters.page && filters.page > 1) params.set('page', String(filters.page))
  const search = params.toString()
  return search ? `${CUSTOMERS_PATH}?${search}` : CUSTOMERS_PATH
}
