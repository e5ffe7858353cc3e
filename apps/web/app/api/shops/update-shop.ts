import type { Shop } from '@shop/domain/schemas/shop'
import type { ApiClient } from '../../lib/api'
import type { ShopPatch } from '../../features/admin/components/shop-profile-fields'

/** Saves some of the shop's profile (`PATCH /api/shops/{id}`); answers the whole profile. */
export function updateShop(client: ApiClient, id: string, body: ShopPatch): Promise<Shop> {
  return client.patch<Shop>(`/api/shops/${encodeURIComponent(id)}`, body)
}
