/**
 * The products list's filters, kept in the address (`?q=&stock=&category=&page=`), and the API query they
 * make (docs/product.md §7 products row): `q` → title[$q], `stock` in-stock|out → inStock true|false, low → the
 * staff-only low-stock filter (lowStock=true), `category`, `page` → $skip/$limit. No `available` filter:
 * staff are shown unavailable products too.
 */
import type { Query } from '../../lib/api'
import { type ProductFilters as SharedFilters, type StockFilter as SharedStockFilter, parseProductFilters, productFilterQuery } from '../../lib/product-filters'

export type StockFilter = SharedStockFilter | 'low'
export type ProductFilters = Omit<SharedFilters, 'stock'> & { stock: StockFilter }

export const PAGE_SIZE = 20

export const stockChoices = [
  { value: 'all', label: 'All' },
  { value: 'in-stock', label: 'In stock' },
  { value: 'low', label: 'Low stock' },
  { value: 'out', label: 'Out of stock' },
] as const satisfies readonly { value: StockFilter; label: string }[]

/** The storefront's filters, plus `stock=low`. */
export function parseAdminProductFilters(params: URLSearchParams): ProductFilters {
  const filters = parseProductFilters(params)
  return params.get('stock') === 'low' ? { ...filters, stock: 'low' } : filters
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
  if (filters.stock === 'low') return { shop, lowStock: 'true', ...productFilterQuery({ ...filters, stock: 'all' }, pageSize) }
  return { shop, ...productFilterQuery({ ...filters, stock: filters.stock }, pageSize) }
}

/** How many pages `total` products fill; an empty list is one (empty) page. */
export function pageCount(total: number, pageSize = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize))
}
