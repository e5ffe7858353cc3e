import type { InventoryUpsertInput } from '@shop/domain/schemas/catalog'
import { api } from '../../../lib/api'
import type { InventoryRow } from '../types'

/** Creates or replaces the stock row of a product or one of its variants (`POST /api/inventory/`). */
export function setInventory(body: InventoryUpsertInput): Promise<InventoryRow> {
  return api.post<InventoryRow>('/api/inventory/', body)
}
