/**
 * A shop's logo as answers show it: in the shop's profile (shops) and in an invitation's shop (staff). Kept
 * here so both modules map it the same way without importing each other.
 */
import type { ShopLogo } from '@shop/domain/schemas/shop'
import type { ImageRef } from '../db/schema'
import { imageFields } from './image-ref'

/** The URLs, sizes and icons leave the API, whatever else the stored image reference holds. */
export function toLogo(logo: ImageRef | null): ShopLogo {
  return logo ? { ...imageFields(logo), ...(logo.icons ? { icons: logo.icons.map(({ size, url }) => ({ size, url })) } : {}) } : null
}
