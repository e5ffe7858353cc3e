import { api } from '../../../lib/api'
import type { Shop } from '../../../types/api'
import type { ShopPatch } from '../../admin/components/shop-profile-fields'

/** Fills in the shop's profile (`PATCH /api/shops/{id}`). */
export function updateShop(id: string, body: ShopPatch): Promise<Shop> {
  return api.patch<Shop>(`/api/shops/${encodeURIComponent(id)}`, body)
}
