import type { DiscountCodePatchInput } from '@shop/domain/schemas/discount-code'
import { api } from '../../../lib/api'
import type { DiscountCode } from '../types'

/** `PATCH /api/discount-codes/{id}`: an edit, or `{active}` to deactivate or activate. */
export function updateDiscountCode(id: string, body: DiscountCodePatchInput): Promise<DiscountCode> {
  return api.patch<DiscountCode>(`/api/discount-codes/${encodeURIComponent(id)}`, body)
}
