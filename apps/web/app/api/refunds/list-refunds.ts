import type { Refund } from '@shop/domain/schemas/refunds'
import type { Page } from '@shop/domain/schemas/wire'
import type { ApiClient } from '../../lib/api'

/**
 * An order's refunds and returns, newest first (`GET /api/refunds/?order=`): for the shop's staff with
 * `shop`, for the buyer by login or with the private link's `key` (then without who gave them).
 */
export async function listOrderRefunds(client: ApiClient, orderId: string, options: { shop?: string; key?: string | null } = {}): Promise<Refund[]> {
  const page = await client.get<Page<Refund>>('/api/refunds/', {
    query: { order: orderId, shop: options.shop, key: options.key || undefined, $limit: 50 },
  })
  return page.data
}
