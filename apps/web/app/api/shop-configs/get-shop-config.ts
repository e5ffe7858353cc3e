import type { ShopConfig } from '@shop/domain/schemas/shop'
import type { ApiClient } from '../../lib/api'

/** The shop's settings; their id is the shop's id (`GET /api/shop-configs/{shopId}`). */
export function getShopConfig(client: ApiClient, shop: string): Promise<ShopConfig> {
  return client.get<ShopConfig>(`/api/shop-configs/${encodeURIComponent(shop)}`)
}
