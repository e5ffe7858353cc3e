import type { Shop } from '@shop/domain/schemas/shop'
import type { Page } from '@shop/domain/schemas/wire'
import type { ApiClient } from '../../lib/api'

/**
 * The shop a host serves, the same way the server picks it for a page (`GET /api/shops/?domain=`): its
 * subdomain or a verified custom domain. Null on the platform's own host and on unknown hosts.
 */
export async function findShopByHost(client: ApiClient, host: string): Promise<Shop | null> {
  const page = await client.get<Page<Shop>>('/api/shops/', { query: { domain: host } })
  return page.data[0] ?? null
}
