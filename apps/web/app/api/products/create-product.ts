import type { ApiClient } from '../../lib/api'
import type { ProductCreateInput } from '@shop/domain/schemas/catalog'
import type { AdminProduct } from '../../features/admin-products/types'

/** `POST /api/products/`. */
export function createProduct(client: ApiClient, body: ProductCreateInput): Promise<AdminProduct> {
  return client.post<AdminProduct>('/api/products/', body)
}
