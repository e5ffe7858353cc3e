import { api } from '../../../lib/api'
import type { AdminProduct } from '../types'

/** `DELETE /api/products/{id}`: answers the deleted product. */
export function deleteProduct(id: string): Promise<AdminProduct> {
  return api.delete<AdminProduct>(`/api/products/${encodeURIComponent(id)}`)
}
