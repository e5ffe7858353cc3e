import type { Category } from '@shop/domain/schemas/catalog'
import type { ApiClient } from '../../lib/api'

/** `DELETE /api/categories/{id}`: also takes the category out of its products. */
export function deleteCategory(client: ApiClient, id: string): Promise<Category> {
  return client.delete<Category>(`/api/categories/${encodeURIComponent(id)}`)
}
