import type { ApiClient } from '../../lib/api'
import type { Checkout, Page } from '../../types/api'

/** The user's own shared checkouts in a shop, newest first (`GET /api/checkouts/?profile=&shop=`). */
export function listCheckouts(client: ApiClient, profile: string, shop: string, skip = 0): Promise<Page<Checkout>> {
  return client.get<Page<Checkout>>('/api/checkouts/', { query: { profile, shop, $sort: { createdAt: -1 }, $skip: skip } })
}
