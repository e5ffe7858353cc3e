import type { DiscountCodeListItem } from '@shop/domain/schemas/discount-code'
import type { Page } from '@shop/domain/schemas/wire'
import type { ApiClient, Query } from '../../lib/api'

/**
 * A page of discount codes (`GET /api/discount-codes/`): staff list their shop's (`shop=`, all fields:
 * `DiscountCode`); anyone looks one usable code up (`code=&shop=`, the public terms: `PublicDiscountCode`).
 */
export function listDiscountCodes<T extends DiscountCodeListItem>(client: ApiClient, query: Query): Promise<Page<T>> {
  return client.get<Page<T>>('/api/discount-codes/', { query })
}
