import type { CategoryCreateInput } from '@shop/domain/schemas/catalog'
import { api } from '../../../lib/api'
import type { AdminCategory } from '../types'

/** `POST /api/categories/`; a name the shop already uses is a 409. */
export function createCategory(body: CategoryCreateInput): Promise<AdminCategory> {
  return api.post<AdminCategory>('/api/categories/', body)
}
