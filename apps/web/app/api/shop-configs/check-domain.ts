import type { ShopDomain } from '@shop/domain/schemas/shop'
import type { ApiClient } from '../../lib/api'

/**
 * Checks now whether the shop controls a custom domain (its TXT record or file); answers the domain with its
 * status, verified if the check found the token (`POST /api/shop-configs/{shopId}/domains/{domain}/verification`).
 */
export function checkDomain(client: ApiClient, shop: string, domain: string): Promise<ShopDomain> {
  return client.post<ShopDomain>(
    `/api/shop-configs/${encodeURIComponent(shop)}/domains/${encodeURIComponent(domain)}/verification`,
    undefined,
  )
}
