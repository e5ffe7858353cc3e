import type { PlatformShopPage } from '@shop/domain/schemas/platform'
import type { ApiClient, Query } from '../../lib/api'

/** `GET /api/platform/shops`: a page of every shop with its figures (`q`, `sort`, `status`, `$limit`, `$skip`). */
export function listPlatformShops(client: ApiClient, query: Query): Promise<PlatformShopPage> {
  return client.get<PlatformShopPage>('/api/platform/shops', { query })
}
