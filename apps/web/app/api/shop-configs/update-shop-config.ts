import type { ApiClient } from '../../lib/api'
import type { ShopConfig, shopConfigPatchBody } from '@shop/domain/schemas/shop'
import type { Static } from 'typebox'

export type ShopConfigPatch = Static<typeof shopConfigPatchBody>

/** Changes some of the shop's settings (`PATCH /api/shop-configs/{shopId}`); answers all of them. */
export function updateShopConfig(client: ApiClient, shop: string, body: ShopConfigPatch): Promise<ShopConfig> {
  return client.patch<ShopConfig>(`/api/shop-configs/${encodeURIComponent(shop)}`, body)
}
