import type { Product } from '@shop/domain/schemas/catalog'
import type { Page } from '@shop/domain/schemas/wire'
import type { ApiClient, Query } from '../../lib/api'

/** A page of a shop's products (`GET /api/products/`). Shoppers get available ones; staff get all of them. */
export function listProducts(client: ApiClient, query: Query): Promise<Page<Product>> {
  return client.get<Page<Product>>('/api/products/', { query })
}
