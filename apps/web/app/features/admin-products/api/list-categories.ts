import { api } from '../../../lib/api'
import type { Page } from '../../../types/api'
import type { AdminCategory } from '../types'

/** The API's largest page: a shop's categories fit in one (they are a short list of names). */
const MAX_PAGE = 100

/** A shop's categories, sorted by name (`GET /api/categories/?shop=`). */
export async function listCategories(shop: string): Promise<AdminCategory[]> {
  const page = await api.get<Page<AdminCategory>>('/api/categories/', { query: { shop, $limit: MAX_PAGE } })
  return page.data
}
