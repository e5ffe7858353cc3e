import type { Shop, shopPatchBody } from '@shop/domain/schemas/shop'
import type { ApiClient } from '../../lib/api'
import type { Static } from 'typebox'

/** Saves some of the shop's profile (`PATCH /api/shops/{id}`); answers the whole profile. */
export function updateShop(client: ApiClient, id: string, body: Static<typeof shopPatchBody>): Promise<Shop> {
  return client.patch<Shop>(`/api/shops/${encodeURIComponent(id)}`, body)
}
