import type { Region } from '@shop/domain/schemas/delivery'
import type { Page } from '@shop/domain/schemas/wire'
import type { ApiClient } from '../../lib/api'

/** docs/product.md §9: the delivery regions, those of Ghana, sorted by name (`GET /delivery/regions/?country=GH`). */
export async function listRegions(client: ApiClient): Promise<Region[]> {
  const page = await client.get<Page<Region>>('/delivery/regions/', { query: { country: 'GH' } })
  return page.data
}
