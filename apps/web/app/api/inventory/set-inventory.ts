import type { ApiClient } from '../../lib/api'
import type { InventoryRow, InventoryUpsertInput } from '@shop/domain/schemas/catalog'

/** Creates or replaces the stock row of a product or one of its variants (`POST /api/inventory/`). */
export function setInventory(client: ApiClient, body: InventoryUpsertInput): Promise<InventoryRow> {
  return client.post<InventoryRow>('/api/inventory/', body)
}
