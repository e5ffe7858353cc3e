import type { ApiClient } from '../../lib/api'
import type { AdminCategory } from '../../features/admin-products/types'

/** `DELETE /api/categories/{id}`: also takes the category out of its products. */
export function deleteCategory(client: ApiClient, id: string): Promise<AdminCategory> {
  return client.delete<AdminCategory>(`/api/categories/${encodeURIComponent(id)}`)
}
