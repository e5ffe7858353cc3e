import { type Query, api } from '../../../lib/api'
import type { Page } from '../../../types/api'
import type { AdminProduct } from '../types'

/** A page of a shop's products (`GET /api/products/`); staff get unavailable ones too. `query` from product-filters.ts. */
export function listProducts(query: Query): Promise<Page<AdminProduct>> {
  return api.get<Page<AdminProduct>>('/api/products/', { query })
}
