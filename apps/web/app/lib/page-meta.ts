/**
 * Page metadata, docs/product.md §2: title '{page} | {shop title}' (the provider's name when there is no shop), the
 * shop's about text as description, a summary_large_image Twitter card with the shop's handle, Open Graph
 * tags with the logo, and Facebook's domain verification when the shop set it.
 */
import { type MetaDescriptor, isRouteErrorResponse } from 'react-router'
import type { Shop } from '@shop/domain/schemas/shop'

export const FALLBACK_DESCRIPTION = 'Our site is still under development. Please come back later'

export type SiteInfo = {
  shop: Shop | null
  platform: { name: string; url: string }
  /** Origin of the current request, for absolute image and page URLs. */
  origin: string
}

/** `@handle` from a twitter.com / x.com profile URL. */
export function twitterHandle(shop: Shop | null): string | null {
  const url = shop?.socials.find((social) => social.site === 'twitter')?.url
  if (!url) return null
  try {
    const { hostname, pathname } = new URL(url)
    if (!/(^|\.)(twitter|x)\.com$/i.test(hostname)) return null
    const handle = pathname.split('/').filter(Boolean)[0]?.replace(/^@/, '')
    return handle && /^\w{1,15}$/.test(handle) ? `@${handle}` : null
  } catch {
    return null
  }
}

/** The code itself, whether the shop saved the code or pasted Facebook's whole `<meta … content="…">` tag. */
export function facebookVerification(shop: Shop | null): string | null {
  const raw = shop?.config.facebook.meta.trim()
  if (!raw) return null
  const code = /content\s*=\s*["']([^"']+)["']/i.exec(raw)?.[1] ?? raw
  return /^[\w-]{1,200}$/.test(code) ? code : null
}

/** Snippets are short: whitespace collapsed, cut at a word with an ellipsis past 200 characters. */
export function summary(text: string, max = 200): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  if (flat.length <= max) return flat
  const cut = flat.slice(0, max - 1)
  const space = cut.lastIndexOf(' ')
  const atWord = space > max / 2 ? cut.slice(0, space).replace(/[\s,.;:!?-]+$/, '') : cut
  return `${atWord}…`
}

function absolute(url: string, origin: string): string {
  try {
    return new URL(url, origin).toString()
  } catch {
    return url
  }
}

export function pageTitle(page: string | null, site: Pick<SiteInfo, 'shop' | 'platform'>): string {
  const owner = site.shop?.title || site.platform.name
  return page ? `${page} | ${owner}` : owner
}

export type PageMetaOptions = {
  /** Replaces the shop's logo as the shared picture (a product page shares its product). */
  image?: string | null
  /** The page's own text (a product's description); trimmed to a snippet here. */
  description?: string
  /** The page's one address (a path), when it is not the address asked for; null: none (error pages). */
  canonical?: string | null
  /** Structured data (schema.org objects) written as `<script type="application/ld+json">`. */
  structuredData?: Record<string, unknown>[]
}

/** Pages the shop's About text describes; every other page says what it is instead (docs/decisions/0072). */
const ABOUT_PAGES = new Set(['/', '/about'])

function defaultDescription(page: string | null, site: SiteInfo, path: string): string {
  const owner = site.shop?.title || site.platform.name
  const about = summary(site.shop?.about ?? '')
  if (ABOUT_PAGES.has(path.replace(/\/+$/, '') || '/')) return about || FALLBACK_DESCRIPTION
  return page ? `${page} at ${owner}.` : about || FALLBACK_DESCRIPTION
}

/**
 * The one address of a page as links and the sitemap write it: no trailing slash but on the product list
 * (`/products/`) and the home page (`/`).
 */
export function canonicalPath(pathname: string): string {
  const path = pathname.replace(/\/+$/, '') || '/'
  return path === '/products' ? '/products/' : path
}

/** `page` null gives the bare shop or provider name (the platform's landing page). */
export function pageMeta(page: string | null, site: SiteInfo | undefined, path = '/', options: PageMetaOptions = {}): MetaDescriptor[] {
  if (!site) return [{ title: page ?? '' }]
  const { shop, origin } = site
  const title = pageTitle(page, site)
  const description = (options.description && summary(options.description)) || defaultDescription(page, site, path)
  const canonical = options.canonical === null ? null : absolute(options.canonical ?? canonicalPath(path), origin)
  const handle = twitterHandle(shop)
  const picture = options.image ?? shop?.logo?.url
  const image = picture ? absolute(picture, origin) : null
  const tags: MetaDescriptor[] = [
    { title },
    { name: 'description', content: description },
    { property: 'og:type', content: 'website' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: canonical ?? absolute(path, origin) },
    { property: 'og:site_name', content: shop?.title || site.platform.name },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: description },
  ]
  if (image) tags.push({ property: 'og:image', content: image }, { name: 'twitter:image', content: image })
  if (handle) tags.push({ name: 'twitter:site', content: handle }, { name: 'twitter:creator', content: handle })
  const verification = facebookVerification(shop)
  if (verification) tags.push({ name: 'facebook-domain-verification', content: verification })
  if (canonical) tags.push({ tagName: 'link', rel: 'canonical', href: canonical })
  for (const data of options.structuredData ?? []) tags.push({ 'script:ld+json': data })
  return tags
}

type MatchLike = { id: string; loaderData?: unknown } | undefined

/** The root route's site data, as meta functions receive it in `matches`. */
export function siteFromMatches(matches: readonly MatchLike[]): SiteInfo | undefined {
  return matches.find((match) => match?.id === 'root')?.loaderData as SiteInfo | undefined
}

type MetaArgs = { matches: readonly MatchLike[]; location: { pathname: string }; error?: unknown }

/** A route's metadata: its page name, or the error's when its loader failed. */
export function routeMeta(page: string | null, { matches, location, error }: MetaArgs, options?: PageMetaOptions) {
  const site = siteFromMatches(matches)
  if (error) {
    const notFound = isRouteErrorResponse(error) && error.status === 404
    return pageMeta(notFound ? 'Page not found' : 'Something went wrong', site, location.pathname, { canonical: null })
  }
  return pageMeta(page, site, location.pathname, options)
}
