/**
 * A shop's web app manifest (decision 43): its name, its logo's square icons (the platform's icon for a
 * shop without them) and the storefront's colours, so a shopper can add the shop to their home screen.
 */
import type { Shop } from '@shop/domain/schemas/shop'

/** The storefront's brand colour and page background (app.css `--brand`, `--surface`). */
export const THEME_COLOR = '#1f4e79'
const BACKGROUND_COLOR = '#ffffff'
/** Launchers cut longer names; the full title stays in `name`. */
const SHORT_NAME_MAX = 12

type ManifestIcon = { src: string; sizes: string; type: string; purpose: 'any' }

export function webManifest(shop: Shop) {
  const icons: ManifestIcon[] = shop.logo?.icons?.length
    ? shop.logo.icons.map((icon) => ({ src: icon.url, sizes: `${icon.size}x${icon.size}`, type: 'image/webp', purpose: 'any' }))
    : [{ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }]
  const title = shop.title.trim()
  return {
    id: '/',
    name: title,
    short_name: title.length > SHORT_NAME_MAX ? `${title.slice(0, SHORT_NAME_MAX - 1).trimEnd()}…` : title,
    description: shop.tagline || shop.about,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    icons,
  }
}
