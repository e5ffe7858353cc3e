import type { ApiClient } from '../../lib/api'
import type { RateCreateInput } from '@shop/domain/schemas/delivery'
import type { DeliveryRate } from '../../features/admin-settings/types'

/** Adds a delivery rate (`POST /delivery/rates/`). */
export function createDeliveryRate(client: ApiClient, body: RateCreateInput): Promise<DeliveryRate> {
  return client.post<DeliveryRate>('/delivery/rates/', body)
}
