import type { ShopRole } from '@shop/domain/schemas/staff'
import type { Page } from '@shop/domain/schemas/wire'
import type { ApiClient } from '../../lib/api'

/** The shop's active staff, oldest first (`GET /api/shop-roles/?shop=&status=active`). */
export function listStaff(client: ApiClient, shop: string): Promise<Page<ShopRole>> {
  return client.get<Page<ShopRole>>('/api/shop-roles/', { query: { shop, status: 'active', $limit: 100 } })
}
