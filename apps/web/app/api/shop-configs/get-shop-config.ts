import type { ApiClient } from '../../lib/api'
import type { ShopConfig } from '../../features/admin-settings/types'

/** The shop's settings; their id is the shop's id (`GET /api/shop-configs/{shopId}`). */
export function getShopConfig(client: ApiClient, shop: string): Promise<ShopConfig> {
  return client.get<ShopConfig>(`/api/shop-configs/${encodeURIComponent(shop)}`)
}
