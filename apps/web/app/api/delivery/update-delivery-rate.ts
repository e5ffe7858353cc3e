import type { ApiClient } from '../../lib/api'
import type { DeliveryRate, RatePatchInput } from '@shop/domain/schemas/delivery'

/** Edits a rate (`PATCH /delivery/rates/{id}`); `{active: false}` takes it off the checkout. */
export function updateDeliveryRate(client: ApiClient, id: string, body: RatePatchInput): Promise<DeliveryRate> {
  return client.patch<DeliveryRate>(`/delivery/rates/${encodeURIComponent(id)}`, body)
}
