import type { RateCreateInput } from '@shop/domain/schemas/delivery'
import { api } from '../../../lib/api'
import type { DeliveryRate } from '../types'

export function createDeliveryRate(body: RateCreateInput): Promise<DeliveryRate> {
  return api.post<DeliveryRate>('/delivery/rates/', body)
}
