import type { ShopDomain } from '@shop/domain/schemas/shop'
import { shopOrigin } from '../../lib/shop-address'

/** Where the API serves a shop's Merchant Center product feed, on every host of the shop. */
export const FEED_PATH = '/feeds/products.xml'

/**
 * The feed's addresses: on each verified custom domain first (the website a merchant claims in Merchant
 * Center is usually their own domain, and the feed's links use the host it is fetched from), then on the
 * platform's address of the shop.
 */
export function feedAddresses(platformUrl: string, slug: string, domains: readonly Pick<ShopDomain, 'domain' | 'status'>[]): string[] {
  const { protocol } = new URL(platformUrl)
  const custom = domains.filter((domain) => domain.status === 'verified').map((domain) => `${protocol}//${domain.domain}${FEED_PATH}`)
  return [...custom, `${shopOrigin(platformUrl, slug)}${FEED_PATH}`]
}
