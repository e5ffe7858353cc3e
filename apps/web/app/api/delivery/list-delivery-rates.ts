import type { ApiClient, Query } from '../../lib/api'
import type { DeliveryRate } from '../../features/admin-settings/types'
import type { Page } from '../../types/api'

/** A shop's delivery rates (`GET /delivery/rates/?client={shopId}`); `active: 'all'` adds the inactive ones (settings.manage). */
export function listDeliveryRates(client: ApiClient, query: Query): Promise<Page<DeliveryRate>> {
  return client.get<Page<DeliveryRate>>('/delivery/rates/', { query })
}
