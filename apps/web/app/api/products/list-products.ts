import type { ApiClient, Query } from '../../lib/api'
import type { Page, Product } from '../../types/api'

/**
 * A page of a shop's products (`GET /api/products/`). Shoppers get available ones; staff get all of them,
 * with their `updatedAt` (`AdminProduct`).
 */
export function listProducts<T extends Product = Product>(client: ApiClient, query: Query): Promise<Page<T>> {
  return client.get<Page<T>>('/api/products/', { query })
}
