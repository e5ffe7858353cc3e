import type { ApiClient } from '../../lib/api'
import type { ShopOverview } from '@shop/domain/schemas/overview'

/**
 * The period's figures, top products and the shop's to-do list, from `from` to `to` (days, both whole)
 * (`GET /api/shop-overview/{shopId}`).
 */
export function getShopOverview(client: ApiClient, shopId: string, range: { from: string; to: string }): Promise<ShopOverview> {
  return client.get<ShopOverview>(`/api/shop-overview/${encodeURIComponent(shopId)}`, { query: { from: range.from, to: range.to } })
}
