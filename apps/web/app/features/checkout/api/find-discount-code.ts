import type { ApiClient } from '../../../lib/api'
import type { DiscountCode, Page } from '../../../types/api'

/** SPEC §7: the first match of `GET /api/discount-codes/?code=&shop=`, or null when the code is not usable. */
export async function findDiscountCode(client: ApiClient, shopId: string, code: string): Promise<DiscountCode | null> {
  const page = await client.get<Page<DiscountCode>>('/api/discount-codes/', { query: { code, shop: shopId } })
  return page.data[0] ?? null
}
