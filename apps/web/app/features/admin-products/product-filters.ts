/**
 * The products list's filters, kept in the address (`?q=&stock=&category=&page=`), and the API query they
 * make (SPEC §7 products row): `q` → title[$q], `stock` in-stock|out → inStock true|false, `category`,
 * `page` → $skip/$limit. No `available` filter: staff are shown unavailable products too.
 */
import type { Query } from '../../lib/api'

export const PAGE_SIZE = 20

export type StockFilter = 'all' | 'in-stock' | 'out'

export type ProductFilters = { q: string; stock: StockFilter; category: string; page: number }

export const stockChoices = [
  { value: 'all', label: 'All' },
  { value: 'in-stock', label: 'In stock' },
  { value: 'out', label: 'Out of stock' },
] as const satisfies readonly { value: StockFilter; label: string }[]

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const MAX_PAGE = 10_000

export function parseFilters(params: URLSearchParams): ProductFilters {
  const stock = params.get('stock')
  const category = params.get('category') ?? ''
  const page = Number.parseInt(params.get('page') ?? '1', 10)
  return {
    q: (params.get('q') ?? '').trim().slice(0, 200),
    stock: stock === 'in-stock' || stock === 'out' ? stock : 'all',
    // Only a well-formed id reaches the API (anything else would be a 400).
    category: UUID.test(category) ? category : '',
    page: Number.isFinite(page) && page >= 1 ? Math.min(page, MAX_PAGE) : 1,
  }
}

/** The address's search part: only what differs from the defaults. */
export function filtersToParams(filters: ProductFilters): URLSearchParams {
  const params = new URLSearchParams()
  const q = filters.q.trim()
  if (q) params.set('q', q)
  if (filters.stock !== 'all') params.set('stock', filters.stock)
  if (filters.category) params.set('category', filters.category)
  if (filters.page > 1) params.set('page', String(filters.page))
  return params
}

export function toListQuery(filters: ProductFilters, shop: string, pageSize = PAGE_SIZE): Query {
  const query: Query = { shop, $skip: (filters.page - 1) * pageSize, $limit: pageSize }
  if (filters.q) query.title = { $q: filters.q }
  if (filters.stock !== 'all') query.inStock = filters.stock === 'in-stock'
  if (filters.category) query.category = filters.category
  return query
}

/** How many pages `total` products fill; an empty list is one (empty) page. */
export function pageCount(total: number, pageSize = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize))
}
