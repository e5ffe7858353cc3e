import type { Page } from '@shop/domain/schemas/wire'
import type { ApiClient } from '../../lib/api'
import { MAX_VARIANTS, type InventoryRow } from '@shop/domain/schemas/catalog'

/** A product's stock rows (`GET /api/inventory/?product=`): one per variant at most, so one page holds them. */
export async function listInventory(client: ApiClient, product: string): Promise<InventoryRow[]> {
  const page = await client.get<Page<InventoryRow>>('/api/inventory/', { query: { product, $limit: MAX_VARIANTS } })
  return page.data
}
