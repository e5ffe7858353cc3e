import type { ApiClient, Query } from '../../lib/api'
import type { Page } from '../../types/api'

/**
 * A page of discount codes (`GET /api/discount-codes/`): staff list their shop's (`shop=`, all fields:
 * the dashboard's `DiscountCode`); anyone looks one usable code up (`code=&shop=`, the public terms).
 */
export function listDiscountCodes<T>(client: ApiClient, query: Query): Promise<Page<T>> {
  return client.get<Page<T>>('/api/discount-codes/', { query })
}
