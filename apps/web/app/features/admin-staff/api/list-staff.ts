import { api } from '../../../lib/api'
import type { Page } from '../../../types/api'
import type { ShopRole } from '../types'

/** The shop's active staff, oldest first (`GET /api/shop-roles/?shop=&status=active`). */
export function listStaff(shop: string): Promise<Page<ShopRole>> {
  return api.get<Page<ShopRole>>('/api/shop-roles/', { query: { shop, status: 'active', $limit: 100 } })
}
