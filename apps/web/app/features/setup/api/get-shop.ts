import { api } from '../../../lib/api'
import type { Shop } from '../../../types/api'

/** The shop being set up (`GET /api/shops/{id}`). */
export function getShop(id: string): Promise<Shop> {
  return api.get<Shop>(`/api/shops/${encodeURIComponent(id)}`)
}
