import type { Shop } from '@shop/domain/schemas/shop'
import type { ApiClient } from '../../lib/api'

/** A shop's profile by id or slug (`GET /api/shops/{id}`). */
export function getShop(client: ApiClient, id: string): Promise<Shop> {
  return client.get<Shop>(`/api/shops/${encodeURIComponent(id)}`)
}
