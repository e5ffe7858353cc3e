import type { ShopRolePatchInput } from '@shop/domain/schemas/staff'
import { api } from '../../../lib/api'
import type { ShopRole } from '../types'

/** Gives a staff member another role (`{role}`) or removes them (`{status: 'removed'}`). */
export function updateShopRole(id: string, body: ShopRolePatchInput): Promise<ShopRole> {
  return api.patch<ShopRole>(`/api/shop-roles/${encodeURIComponent(id)}`, body)
}
