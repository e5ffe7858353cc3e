import type { ProductCreateInput } from '@shop/domain/schemas/catalog'
import { api } from '../../../lib/api'
import type { AdminProduct } from '../types'

/** `POST /api/products/`. */
export function createProduct(body: ProductCreateInput): Promise<AdminProduct> {
  return api.post<AdminProduct>('/api/products/', body)
}
