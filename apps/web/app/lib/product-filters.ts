/**
 * The product filters the storefront's search and the dashboard's product list share (docs/product.md §7 products
 * row), read from an address: `q` → title[$q]; `stock` in-stock → inStock=true, out → inStock=false, all
 * ignored; `category`; `page` (from 1).
 */
import type { Query } from './api'
import { pageParam } from './page-number'

export type StockFilter = 'all' | 'in-stock' | 'out'

export type ProductFilters = { q: string; stock: StockFilter; category: string; page: number }

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Anything malformed falls back to its default. */
export function parseProductFilters(params: URLSearchParams): ProductFilters {
  const stock = params.get('stock')
  const category = params.get('category') ?? ''
  return {
    q: (params.get('q') ?? '').trim().slice(0, 200),
    stock: stock === 'in-stock' || stock === 'out' ? stock : 'all',
    // Only a well-formed id reaches the API (anything else would be a 400).
    category: UUID.test(category) ? category : '',
    page: pageParam(params),
  }
}

/** The filters' part of a `GET /api/products/` query, with the page as $skip/$limit. */
export function productFilterQuery(filters: ProductFilters, pageSize: number): Query {
  const query: Query = { $skip: (filters.page - 1) * pageSize, $limit: pageSize }
  if (filters.q) query.title = { $q: filters.q }
  if (filters.stock !== 'all') query.inStock = filters.stock === 'in-stock'
  if (filters.category) query.category = filters.category
  return query
}
