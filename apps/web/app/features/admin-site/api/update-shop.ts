import { api } from '../../../lib/api'
import type { Shop } from '../../../types/api'
import type { ShopPatch } from '../../admin/components/shop-profile-fields'

/** Saves the site's content (`PATCH /api/shops/{id}`); answers the whole profile. */
export function updateShop(id: string, body: ShopPatch): Promise<Shop> {
  return api.patch<Shop>(`/api/shops/${encodeURIComponent(id)}`, body)
}
