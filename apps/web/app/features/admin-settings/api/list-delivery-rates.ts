import { api } from '../../../lib/api'
import type { Page } from '../../../types/api'
import type { DeliveryRate } from '../types'

/** All the shop's rates, inactive ones too (`GET /delivery/rates/?client={shopId}&active=all`, settings.manage). */
export function listDeliveryRates(shop: string): Promise<Page<DeliveryRate>> {
  return api.get<Page<DeliveryRate>>('/delivery/rates/', { query: { client: shop, active: 'all', $limit: 100 } })
}
