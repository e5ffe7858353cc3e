import { api } from '../../../lib/api'
import type { NewShop } from '../shop-form'
import type { CreatedShop } from '../types'

/** Creates the shop with the caller as its owner (`POST /api/shop-ids/`); a taken slug is a 409. */
export function createShop(body: NewShop): Promise<CreatedShop> {
  return api.post<CreatedShop>('/api/shop-ids/', body)
}
