import type { ApiClient } from '../../lib/api'
import type { Product, ProductCreateInput } from '@shop/domain/schemas/catalog'

/** `POST /api/products/`. */
export function createProduct(client: ApiClient, body: ProductCreateInput): Promise<Product> {
  return client.post<Product>('/api/products/', body)
}
