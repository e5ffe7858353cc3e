/**
 * What search engines and catalogs read from a shop's own host (docs/decisions/0073, 0074): robots.txt, the
 * sitemap, and the product feed in Google Merchant Center's RSS 2.0 format, which Meta Commerce Manager
 * reads too. Only visible products, only the host's shop; products are read a page at a time in the order
 * of `products_shop_created_idx`, so a shop with thousands of them streams out at the same cost per item.
 */
import { setImmediate as nextTurn } from 'node:timers/promises'
import { plainText, productPath, variantOffer } from '@shop/domain'
import type { Availability, Product, ProductVariant } from '@shop/domain/schemas/catalog'
import type { ServiceContext } from '../../context'
import { sha256 } from '../../lib/crypto'
import { productDto } from '../catalog/catalog.dto'
import {
  type ExportCursor,
  countVisibleProducts,
  visibleProductCursorAt,
  visibleProductDates,
  visibleProductsWithStock,
} from '../catalog/product.repository'
import type { ShopRow } from '../shops/shop.repository'
import { element, escapeXml } from './xml'

const BATCH = 500
/** The shop's own pages, first in its sitemap. */
const SHOP_PAGES = ['/', '/about', '/reviews', '/products/']
/** Pages no search engine should visit: the dashboard, accounts, checkouts, orders, payments, sign-in. */
const PRIVATE_PATHS = ['/admin', '/account', '/checkout', '/orders/', '/pay/', '/session/', '/invitation/', '/setup']

/** robots.txt: everything public may be crawled; the shop's host names its sitemap. */
export function robotsTxt(origin: string, hasShop: boolean): string {
  const lines = ['User-agent: *', ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`), 'Allow: /']
  if (hasShop) lines.push('', `Sitemap: ${origin}/sitemap.xml`)
  return `${lines.join('\n')}\n`
}

async function* pages<T>(
  read: (after: ExportCursor | null) => Promise<{ rows: T[]; next: ExportCursor | null }>,
  from: ExportCursor | null = null,
): AsyncGenerator<T[]> {
  for (let after: ExportCursor | null = from, first = true; ; first = false) {
    // PGlite answers without giving the event loop a turn: between two pages, other requests go first.
    if (!first) await nextTurn()
    const page = await read(after)
    if (page.rows.length) yield page.rows
    if (page.rows.length < BATCH || !page.next) return
    after = page.next
  }
}

const url = (loc: string, lastmod?: Date) => `<url><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>\n`

/** How many sitemap pages of `pageSize` addresses the shop's pages and `products` visible products fill. */
export function sitemapPageCount(products: number, pageSize: number): number {
  return Math.max(1, Math.ceil((SHOP_PAGES.length + products) / pageSize))
}

/**
 * `/sitemap.xml`: the shop's sitemap while it fits one page of `pageSize` addresses (sitemaps.org allows
 * 50,000); beyond that a sitemap index naming its pages, `/sitemap-1.xml` on (decision 97).
 */
export async function sitemapXml(ctx: ServiceContext, shop: ShopRow, origin: string, pageSize: number): Promise<AsyncGenerator<string>> {
  const pages = sitemapPageCount(await countVisibleProducts(ctx.readDb, shop.id), pageSize)
  if (pages === 1) return sitemapPageXml(ctx, shop, origin, 1, pageSize)
  return (async function* index() {
    yield '<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n'
    for (let n = 1; n <= pages; n++) yield `<sitemap><loc>${escapeXml(`${origin}/sitemap-${n}.xml`)}</loc></sitemap>\n`
    yield '</sitemapindex>\n'
  })()
}

/** Whether the shop's sitemap has page `n` (an index names pages 1 to the last; one page is /sitemap.xml too). */
export async function hasSitemapPage(ctx: ServiceContext, shop: ShopRow, n: number, pageSize: number): Promise<boolean> {
  return n >= 1 && n <= sitemapPageCount(await countVisibleProducts(ctx.readDb, shop.id), pageSize)
}

/**
 * Page `n` of the shop's sitemap: `pageSize` addresses in one sequence, the shop's own pages (home, about,
 * reviews, the product list) first, then every visible product with its last change, oldest first.
 */
export async function* sitemapPageXml(ctx: ServiceContext, shop: ShopRow, origin: string, n: number, pageSize: number): AsyncGenerator<string> {
  yield '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n'
  const first = (n - 1) * pageSize
  const own = SHOP_PAGES.slice(first, first + pageSize)
  if (own.length) yield own.map((path) => url(`${origin}${path}`)).join('')
  const wanted = pageSize - own.length
  const start = await visibleProductCursorAt(ctx.readDb, shop.id, Math.max(0, first - SHOP_PAGES.length))
  let written = 0
  for await (const rows of pages((after) => visibleProductDates(ctx.readDb, shop.id, after, Math.min(BATCH, wanted - written)), start)) {
    const batch = rows.slice(0, wanted - written)
    written += batch.length
    yield batch.map((row) => url(`${origin}${productPath({ _id: row.id, title: row.title })}`, row.updatedAt)).join('')
    if (written >= wanted) break
  }
  yield '</urlset>\n'
}

/** A price as Merchant Center writes it: `120.00 GHS`. */
export function feedPrice(value: number, currency: string): string {
  return `${value.toFixed(2)} ${currency}`
}

const feedAvailability = (availability: Availability) => (availability.level === 'sold-out' ? 'out_of_stock' : 'in_stock')

/** Merchant Center ids are at most 50 characters: the product's id and the variant's, or a digest of a long variant id. */
export function feedItemId(productId: string, variantId: string | null): string {
  if (!variantId) return productId
  const id = `${productId}_${variantId}`
  return id.length <= 50 ? id : `${productId}_${sha256(variantId).slice(0, 13)}`
}

/** Variant features Merchant Center has attributes for, by the names merchants give them. */
const VARIANT_ATTRIBUTES: Record<string, string> = { size: 'g:size', color: 'g:color', colour: 'g:color', material: 'g:material', pattern: 'g:pattern' }

const TITLE_MAX = 150
const DESCRIPTION_MAX = 5000
const cut = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`)

function feedItem(product: Product, variant: ProductVariant | null, brand: string, origin: string): string {
  const offer = variantOffer(product, variant?._id)
  const features = variant ? Object.entries(variant.features) : []
  const title = features.length ? `${product.title} - ${features.map(([, value]) => value).join(' / ')}` : product.title
  const description = plainText(product.description) || product.title
  const image = offer.image ? new URL(offer.image.url, origin).toString() : null
  const others = product.images
    .map((item) => new URL(item.url, origin).toString())
    .filter((link) => link !== image)
    .slice(0, 10)
  const onSale = offer.sellAt > 0 && offer.sellAt < offer.price.value
  const parts = [
    element('g:id', feedItemId(product._id, variant?._id ?? null)),
    element('g:title', cut(title, TITLE_MAX)),
    element('g:description', cut(description, DESCRIPTION_MAX)),
    element('g:link', new URL(productPath(product), origin).toString()),
    element('g:image_link', image),
    ...others.map((link) => element('g:additional_image_link', link)),
    element('g:availability', feedAvailability(variant?.availability ?? product.availability)),
    element('g:price', feedPrice(offer.price.value, offer.price.currency)),
    onSale ? element('g:sale_price', feedPrice(offer.sellAt, offer.price.currency)) : '',
    element('g:item_group_id', product._id),
    element('g:condition', 'new'),
    element('g:brand', brand),
    // A shop's own SKU is its part number; without one the item says it has no manufacturer identifiers.
    offer.sku ? element('g:mpn', offer.sku) : element('g:identifier_exists', 'no'),
    ...features.flatMap(([name, value]) => {
      const attribute = VARIANT_ATTRIBUTES[name.trim().toLowerCase()]
      return attribute ? [element(attribute, value)] : []
    }),
  ]
  return `<item>${parts.join('')}</item>\n`
}

/** One item per variant (the product itself when it has none), visible products only. */
export async function* productFeedXml(ctx: ServiceContext, shop: ShopRow, origin: string): AsyncGenerator<string> {
  yield '<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">\n<channel>\n'
  yield `${element('title', shop.title)}${element('link', `${origin}/`)}${element('description', plainText(shop.tagline || shop.about) || shop.title)}\n`
  for await (const rows of pages((after) => visibleProductsWithStock(ctx.readDb, shop.id, after, BATCH))) {
    yield rows
      .map((row) => {
        const product = productDto(row)
        return product.variants.length ? product.variants.map((variant) => feedItem(product, variant, shop.title, origin)).join('') : feedItem(product, null, shop.title, origin)
      })
      .join('')
  }
  yield '</channel>\n</rss>\n'
}

/** The feed's address on a shop's host, as the dashboard shows it. */
export const FEED_PATH = '/feeds/products.xml'
