import { api } from '../../../lib/api'
import type { Page, Region } from '../../../types/api'

/** The regions a shop delivers to (SPEC §9: country GH). */
export async function listRegions(): Promise<Region[]> {
  const page = await api.get<Page<Region>>('/delivery/regions/', { query: { country: 'GH' } })
  return page.data
}
