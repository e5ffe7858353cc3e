import type { DiscountCodeCreateInput } from '@shop/domain/schemas/discount-code'
import { api } from '../../../lib/api'
import type { DiscountCode } from '../types'

/** `POST /api/discount-codes/`; a code the shop already has, in any case, is a 409 at `code`. */
export function createDiscountCode(body: DiscountCodeCreateInput): Promise<DiscountCode> {
  return api.post<DiscountCode>('/api/discount-codes/', body)
}
