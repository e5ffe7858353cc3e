/** An image as answers show it, from the stored reference (products, order lines, logos). */
import type { ImageRef } from '../db/schema'

/** The URLs, and the size and variants when the image has them; nothing else the reference may hold. */
export function imageFields(image: ImageRef) {
  return {
    url: image.url,
    thumbnail: image.thumbnail,
    ...(image.width !== undefined && image.height !== undefined ? { width: image.width, height: image.height } : {}),
    ...(image.variants ? { variants: image.variants.map(({ width, avif, webp }) => ({ width, avif, webp })) } : {}),
  }
}
