import type { ApiClient } from '../../../lib/api'
import type { Category, Page } from '../../../types/api'

/** All of a shop's categories (`GET /api/categories/?shop=`). */
export async function listCategories(client: ApiClient, shopId: string): Promise<Category[]> {
  const page = await client.get<Page<Category>>('/api/categories/', { query: { shop: shopId } })
  return page.data.map(({ _id, name }) => ({ _id, name }))
}
