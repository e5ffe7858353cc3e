import type { Product } from '@shop/domain/schemas/catalog'
import type { ApiClient } from '../../lib/api'

/** One product (`GET /api/products/{id}`); unavailable ones only for the shop's staff. */
export function getProduct(client: ApiClient, id: string): Promise<Product> {
  return client.get<Product>(`/api/products/${encodeURIComponent(id)}`)
}
