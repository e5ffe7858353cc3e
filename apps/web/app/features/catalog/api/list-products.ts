import type { ApiClient, Query } from '../../../lib/api'
import type { Page, Product } from '../../../types/api'

/** A page of a shop's products (`GET /api/products/`); `query` from search-params.ts. */
export function listProducts(client: ApiClient, query: Query): Promise<Page<Product>> {
  return client.get<Page<Product>>('/api/products/', { query })
}
