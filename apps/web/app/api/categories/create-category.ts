import type { ApiClient } from '../../lib/api'
import type { Category, CategoryCreateInput } from '@shop/domain/schemas/catalog'

/** `POST /api/categories/`; a name the shop already uses is a 409. */
export function createCategory(client: ApiClient, body: CategoryCreateInput): Promise<Category> {
  return client.post<Category>('/api/categories/', body)
}
