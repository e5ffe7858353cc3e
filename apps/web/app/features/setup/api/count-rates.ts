import { api } from '../../../lib/api'
import type { Page } from '../../../types/api'

/** How many delivery rates the shop has, active or not (`GET /delivery/rates/?client=&active=all`). */
export async function countRates(shop: string): Promise<number> {
  const page = await api.get<Page<unknown>>('/delivery/rates/', { query: { client: shop, active: 'all', $limit: 1 } })
  return page.total
}
