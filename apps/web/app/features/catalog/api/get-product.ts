import type { ApiClient } from '../../../lib/api'
import type { Product } from '../../../types/api'

/** One product (`GET /api/products/{id}`). */
export function getProduct(client: ApiClient, id: string): Promise<Product> {
  return client.get<Product>(`/api/products/${encodeURIComponent(id)}`)
}
