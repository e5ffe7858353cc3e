import type { ApiClient } from '../../lib/api'
import type { RatePatchInput } from '@shop/domain/schemas/delivery'
import type { DeliveryRate } from '../../features/admin-settings/types'

/** Edits a rate (`PATCH /delivery/rates/{id}`); `{active: false}` takes it off the checkout. */
export function updateDeliveryRate(client: ApiClient, id: string, body: RatePatchInput): Promise<DeliveryRate> {
  return client.patch<DeliveryRate>(`/delivery/rates/${encodeURIComponent(id)}`, body)
}
