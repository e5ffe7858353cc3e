import type { DeliveryRate } from '@shop/domain/schemas/delivery'
import type { Page } from '@shop/domain/schemas/wire'
import type { ApiClient, Query } from '../../lib/api'

/** A shop's delivery rates (`GET /delivery/rates/?client={shopId}`); `active: 'all'` adds the inactive ones (settings.manage). */
export function listDeliveryRates(client: ApiClient, query: Query): Promise<Page<DeliveryRate>> {
  return client.get<Page<DeliveryRate>>('/delivery/rates/', { query })
}
