import type { ApiClient } from '../../lib/api'
import { MAX_VARIANTS } from '@shop/domain/schemas/catalog'
import type { InventoryRow } from '../../features/admin-products/types'
import type { Page } from '../../types/api'

/** A product's stock rows (`GET /api/inventory/?product=`): one per variant at most, so one page holds them. */
export async function listInventory(client: ApiClient, product: string): Promise<InventoryRow[]> {
  const page = await client.get<Page<InventoryRow>>('/api/inventory/', { query: { product, $limit: MAX_VARIANTS } })
  return page.data
}
