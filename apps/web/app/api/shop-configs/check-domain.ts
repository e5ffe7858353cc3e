import type { ApiClient } from '../../lib/api'
import type { ShopDomain } from '../../features/admin-settings/types'

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
