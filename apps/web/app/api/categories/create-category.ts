import type { ApiClient } from '../../lib/api'
import type { CategoryCreateInput } from '@shop/domain/schemas/catalog'
import type { AdminCategory } from '../../features/admin-products/types'

/** `POST /api/categories/`; a name the shop already uses is a 409. */
export function createCategory(client: ApiClient, body: CategoryCreateInput): Promise<AdminCategory> {
  return client.post<AdminCategory>('/api/categories/', body)
}
