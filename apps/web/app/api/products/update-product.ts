import type { ApiClient } from '../../lib/api'
import type { ProductPatchInput } from '@shop/domain/schemas/catalog'
import type { AdminProduct } from '../../features/admin-products/types'

/** `PATCH /api/products/{id}`. */
export function updateProduct(client: ApiClient, id: string, body: ProductPatchInput): Promise<AdminProduct> {
  return client.patch<AdminProduct>(`/api/products/${encodeURIComponent(id)}`, body)
}
