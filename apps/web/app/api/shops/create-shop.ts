import type { CreatedShop, shopIdBody } from '@shop/domain/schemas/shop'
import type { ApiClient } from '../../lib/api'
import type { Static } from 'typebox'

/** Creates the shop with the caller as its owner (`POST /api/shop-ids/`); a taken slug is a 409. */
export function createShop(client: ApiClient, body: Static<typeof shopIdBody>): Promise<CreatedShop> {
  return client.post<CreatedShop>('/api/shop-ids/', body)
}
