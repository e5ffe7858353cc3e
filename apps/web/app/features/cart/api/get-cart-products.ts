import type { ApiClient } from '../../../lib/api'
import type { Page, Product } from '../../../types/api'

/** The cart's products in one call (`GET /api/products/?_id[$in][]=`); unavailable ones are left out. */
export async function getCartProducts(client: ApiClient, shopId: string, ids: string[]): Promise<Product[]> {
  if (ids.length === 0) return []
  const page = await client.get<Page<Product>>('/api/products/', {
    query: { shop: shopId, available: true, _id: { $in: ids }, $limit: 100 },
  })
  return page.data
}
