import type { CreatedShop } from '@shop/domain/schemas/shop'
import type { ApiClient } from '../../lib/api'
import type { NewShop } from '../../features/setup/shop-form'

/** Creates the shop with the caller as its owner (`POST /api/shop-ids/`); a taken slug is a 409. */
export function createShop(client: ApiClient, body: NewShop): Promise<CreatedShop> {
  return client.post<CreatedShop>('/api/shop-ids/', body)
}
