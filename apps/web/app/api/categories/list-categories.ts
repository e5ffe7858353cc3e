import type { Category } from '@shop/domain/schemas/catalog'
import type { Page } from '@shop/domain/schemas/wire'
import type { ApiClient, Query } from '../../lib/api'

/** A page of a shop's categories, sorted by name (`GET /api/categories/?shop=`). */
export function listCategories(client: ApiClient, query: Query): Promise<Page<Category>> {
  return client.get<Page<Category>>('/api/categories/', { query })
}
