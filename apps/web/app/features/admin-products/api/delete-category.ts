import { api } from '../../../lib/api'
import type { AdminCategory } from '../types'

/** `DELETE /api/categories/{id}`: also takes the category out of its products. */
export function deleteCategory(id: string): Promise<AdminCategory> {
  return api.delete<AdminCategory>(`/api/categories/${encodeURIComponent(id)}`)
}
