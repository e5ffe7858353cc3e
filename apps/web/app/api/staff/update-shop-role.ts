import type { ApiClient } from '../../lib/api'
import type { ShopRole, ShopRolePatchInput } from '@shop/domain/schemas/staff'

/** Gives a staff member another role (`{role}`) or removes them (`{status: 'removed'}`) (`PATCH /api/shop-roles/{id}`). */
export function updateShopRole(client: ApiClient, id: string, body: ShopRolePatchInput): Promise<ShopRole> {
  return client.patch<ShopRole>(`/api/shop-roles/${encodeURIComponent(id)}`, body)
}
