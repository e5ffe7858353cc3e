import type { RatePatchInput } from '@shop/domain/schemas/delivery'
import { api } from '../../../lib/api'
import type { DeliveryRate } from '../types'

/** Edits a rate; `{active: false}` takes it off the checkout. */
export function updateDeliveryRate(id: string, body: RatePatchInput): Promise<DeliveryRate> {
  return api.patch<DeliveryRate>(`/delivery/rates/${encodeURIComponent(id)}`, body)
}
