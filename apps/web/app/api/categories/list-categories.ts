import type { ApiClient, Query } from '../../lib/api'
import type { AdminCategory } from '../../features/admin-products/types'
import type { Page } from '../../types/api'

/** A page of a shop's categories, sorted by name (`GET /api/categories/?shop=`). */
export function listCategories(client: ApiClient, query: Query): Promise<Page<AdminCategory>> {
  return client.get<Page<AdminCategory>>('/api/categories/', { query })
}
