import type { ApiClient } from '../../lib/api'
import type { DiscountCode, DiscountCodeCreateInput } from '@shop/domain/schemas/discount-code'

/** `POST /api/discount-codes/`; a code the shop already has, in any case, is a 409 at `code`. */
export function createDiscountCode(client: ApiClient, body: DiscountCodeCreateInput): Promise<DiscountCode> {
  return client.post<DiscountCode>('/api/discount-codes/', body)
}
