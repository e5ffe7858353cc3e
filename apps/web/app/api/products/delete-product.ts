import type { ApiClient } from '../../lib/api'
import type { AdminProduct } from '../../features/admin-products/types'

/** `DELETE /api/products/{id}`: answers the deleted product. */
export function deleteProduct(client: ApiClient, id: string): Promise<AdminProduct> {
  return client.delete<AdminProduct>(`/api/products/${encodeURIComponent(id)}`)
}
