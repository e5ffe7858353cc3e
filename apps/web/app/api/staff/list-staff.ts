import type { ApiClient } from '../../lib/api'
import type { ShopRole } from '../../features/admin-staff/types'
import type { Page } from '../../types/api'

/** The shop's active staff, oldest first (`GET /api/shop-roles/?shop=&status=active`). */
export function listStaff(client: ApiClient, shop: string): Promise<Page<ShopRole>> {
  return client.get<Page<ShopRole>>('/api/shop-roles/', { query: { shop, status: 'active', $limit: 100 } })
}
