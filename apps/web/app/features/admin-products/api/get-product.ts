import { api } from '../../../lib/api'
import type { AdminProduct } from '../types'

/** One product (`GET /api/products/{id}`). */
export function getProduct(id: string): Promise<AdminProduct> {
  return api.get<AdminProduct>(`/api/products/${encodeURIComponent(id)}`)
}
