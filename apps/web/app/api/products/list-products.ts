import type { ProductPage } from '@shop/domain/schemas/catalog'
import type { ApiClient, Query } from '../../lib/api'

/**
 * A page of a shop's products (`GET /api/products/`). Shoppers get available ones; staff get all of them.
 * A title search that found nothing may carry a `suggestion`.
 */
export function listProducts(client: ApiClient, query: Query): Promise<ProductPage> {
  return client.get<ProductPage>('/api/products/', { query })
}
