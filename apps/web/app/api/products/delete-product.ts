import type { Product } from '@shop/domain/schemas/catalog'
import type { ApiClient } from '../../lib/api'

/** `DELETE /api/products/{id}`: answers the deleted product. */
export function deleteProduct(client: ApiClient, id: string): Promise<Product> {
  return client.delete<Product>(`/api/products/${encodeURIComponent(id)}`)
}
