import { api } from '../../../lib/api'
import type { Page, Region } from '../../../types/api'

/** Ghana's delivery regions (`GET /delivery/regions/?country=GH`), to name an order's region. */
export async function listRegions(): Promise<Region[]> {
  const page = await api.get<Page<Region>>('/delivery/regions/', { query: { country: 'GH' } })
  return page.data
}
