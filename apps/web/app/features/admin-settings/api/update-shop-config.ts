import type { shopConfigPatchBody } from '@shop/domain/schemas/shop'
import type { Static } from 'typebox'
import { api } from '../../../lib/api'
import type { ShopConfig } from '../types'

export type ShopConfigPatch = Static<typeof shopConfigPatchBody>

/** Changes some of the shop's settings (`PATCH /api/shop-configs/{shopId}`); answers all of them. */
export function updateShopConfig(shop: string, body: ShopConfigPatch): Promise<ShopConfig> {
  return api.patch<ShopConfig>(`/api/shop-configs/${encodeURIComponent(shop)}`, body)
}
