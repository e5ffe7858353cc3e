import type { ApiClient } from '../../lib/api'
import type { DeliveryRate, RateCreateInput } from '@shop/domain/schemas/delivery'

/** Adds a delivery rate (`POST /delivery/rates/`). */
export function createDeliveryRate(client: ApiClient, body: RateCreateInput): Promise<DeliveryRate> {
  return client.post<DeliveryRate>('/delivery/rates/', body)
}
