import type { ApiClient } from '../../lib/api'
import type { Product, ProductPatchInput } from '@shop/domain/schemas/catalog'

/** `PATCH /api/products/{id}`. */
export function updateProduct(client: ApiClient, id: string, body: ProductPatchInput): Promise<Product> {
  return client.patch<Product>(`/api/products/${encodeURIComponent(id)}`, body)
}
