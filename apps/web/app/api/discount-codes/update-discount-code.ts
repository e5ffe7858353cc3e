import type { ApiClient } from '../../lib/api'
import type { DiscountCode, DiscountCodePatchInput } from '@shop/domain/schemas/discount-code'

/** `PATCH /api/discount-codes/{id}`: an edit, or `{active}` to deactivate or activate. */
export function updateDiscountCode(client: ApiClient, id: string, body: DiscountCodePatchInput): Promise<DiscountCode> {
  return client.patch<DiscountCode>(`/api/discount-codes/${encodeURIComponent(id)}`, body)
}
