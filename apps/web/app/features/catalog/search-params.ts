/**
 * The product search's address and its API query (docs/product.md §7 products row): `sort` newest → createdAt, else
 * price.value (default newest); `direction` asc|desc (default desc); `q` → title[$q]; `stock` in-stock →
 * inStock=true, out → inStock=false, all ignored; `category`; `page` → $skip. The storefront asks for
 * available products only.
 */
import type { Query } from '../../lib/api'
import { type StockFilter, parseProductFilters, productFilterQuery } from '../../lib/product-filters'

export type { StockFilter }

export const PAGE_SIZE = 12

export type SortKey = 'newest' | 'price'
export type Direction = 'asc' | 'desc'

export type ProductSearch = {
  q: string
  sort: SortKey
  direction: Direction
  stock: StockFilter
  category: string
  page: number
}

/** The choices of the sort select, each a (sort, direction) pair. */
export const sortChoices = [
  { value: 'newest', label: 'Newest', sort: 'newest', direction: 'desc' },
  { value: 'price-asc', label: 'Price: low to high', sort: 'price', direction: 'asc' },
  { value: 'price-desc', label: 'Price: high to low', sort: 'price', direction: 'desc' },
] as const satisfies readonly { value: string; label: string; sort: SortKey; direction: Direction }[]

export const stockChoices = [
  { value: 'all', label: 'All products' },
  { value: 'in-stock', label: 'In stock' },
  { value: 'out', label: 'Out of stock' },
] as const satisfies readonly { value: StockFilter; label: string }[]

export function parseSearch(params: URLSearchParams): ProductSearch {
  // The filter form's select sends both as one `order` (when it is submitted without JavaScript).
  const order = sortChoices.find((choice) => choice.value === params.get('order'))
  const sort: SortKey = order ? order.sort : params.get('sort') === 'price' ? 'price' : 'newest'
  const direction: Direction = order ? order.direction : params.get('direction') === 'asc' ? 'asc' : 'desc'
  return { ...parseProductFilters(params), sort, direction }
}

export function toProductQuery(search: ProductSearch, shopId: string, pageSize = PAGE_SIZE): Query {
  return {
    shop: shopId,
    available: true,
    $sort: { [search.sort === 'newest' ? 'createdAt' : 'price.value']: search.direction === 'asc' ? 1 : -1 },
    ...productFilterQuery(search, pageSize),
  }
}

/** The address of a search: only what differs from the defaults, page 1 left out. */
export function searchHref(search: Partial<ProductSearch>): string {
  const params = new URLSearchParams()
  if (search.q) params.set('q', search.q)
  if (search.sort === 'price') params.set('sort', 'price')
  if (search.direction === 'asc') params.set('direction', 'asc')
  if (search.stock && search.stock !== 'all') params.set('stock', search.stock)
  if (search.category) params.set('category', search.category)
  if (search.page && search.page > 1) params.set('page', String(search.page))
  const text = params.toString()
  return text ? `/products/?${text}` : '/products/'
}

export function sortChoiceOf(search: Pick<ProductSearch, 'sort' | 'direction'>): string {
  if (search.sort === 'newest') return 'newest'
  return search.direction === 'asc' ? 'price-asc' : 'price-desc'
}
