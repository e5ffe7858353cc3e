/**
 * A shop's logo as answers show it: in the shop's profile (shops) and in an invitation's shop (staff). Kept
 * here so both modules map it the same way without importing each other.
 */
import type { ShopLogo } from '@shop/domain/schemas/shop'

/** Only the two URLs leave the API, whatever else the stored image reference holds. */
export function toLogo(logo: { url: string; thumbnail: string } | null): ShopLogo {
  return logo ? { url: logo.url, thumbnail: logo.thumbnail } : null
}
