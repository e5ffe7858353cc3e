import { MAX_VARIANTS } from '@shop/domain/schemas/catalog'
import { api } from '../../../lib/api'
import type { Page } from '../../../types/api'
import type { InventoryRow } from '../types'

/** A product's stock rows (`GET /api/inventory/?product=`): one per variant at most, so one page holds them. */
export async function listInventory(product: string): Promise<InventoryRow[]> {
  const page = await api.get<Page<InventoryRow>>('/api/inventory/', { query: { product, $limit: MAX_VARIANTS } })
  return page.data
}
