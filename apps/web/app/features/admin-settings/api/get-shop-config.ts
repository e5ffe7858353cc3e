import { api } from '../../../lib/api'
import type { ShopConfig } from '../types'

/** The shop's settings; their id is the shop's id (`GET /api/shop-configs/{shopId}`). */
export function getShopConfig(shop: string): Promise<ShopConfig> {
  return api.get<ShopConfig>(`/api/shop-configs/${encodeURIComponent(shop)}`)
}
