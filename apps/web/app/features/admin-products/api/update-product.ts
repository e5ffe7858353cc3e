import type { ProductPatchInput } from '@shop/domain/schemas/catalog'
import { api } from '../../../lib/api'
import type { AdminProduct } from '../types'

/** `PATCH /api/products/{id}`. */
export function updateProduct(id: string, body: ProductPatchInput): Promise<AdminProduct> {
  return api.patch<AdminProduct>(`/api/products/${encodeURIComponent(id)}`, body)
}
