import type { Checkout } from '@shop/domain/schemas/orders'
import type { Page } from '@shop/domain/schemas/wire'
import type { ApiClient } from '../../lib/api'

/** The user's own shared checkouts in a shop, newest first (`GET /api/checkouts/?profile=&shop=`). */
export function listCheckouts(client: ApiClient, profile: string, shop: string, skip = 0): Promise<Page<Checkout>> {
  return client.get<Page<Checkout>>('/api/checkouts/', { query: { profile, shop, $sort: { createdAt: -1 }, $skip: skip } })
}
