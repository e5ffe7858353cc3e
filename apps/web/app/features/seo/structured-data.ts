/**
 * Structured data (schema.org as JSON-LD) of the storefront's pages, as Google Search reads it: `Product`
 * for a product page (merchant listing and product snippet), `Organization` and `WebSite` with a
 * `SearchAction` for the home page, `BreadcrumbList` for a product's place in the shop. Pure: the routes'
 * meta functions hand these to React Router as `script:ld+json` tags, which it writes escaped (`<` as
 * \u003c) into `<script type="application/ld+json">`, a data block the content security policy does not
 * run. Prices come from the domain's `variantOffer`, as the cart and the checkout read them.
 */
import { plainText, productPath, variantOffer, variantPricesDiffer } from '@shop/domain'
import type { Availability, Product } from '@shop/domain/schemas/catalog'
import type { Shop } from '@shop/domain/schemas/shop'
import { summary } from '../../lib/page-meta'

export type JsonLd = Record<string, unknown>

const SCHEMA = 'https://schema.org'

/** The product fields the structured data reads (what the product page's loader has). */
export type ProductForData = Pick<Product, '_id' | 'title' | 'description' | 'price' | 'sellAt' | 'images' | 'variants' | 'availability' | 'rating'>

export function absoluteUrl(path: string, origin: string): string {
  return new URL(path, origin).toString()
}

/** schema.org's ItemAvailability for the storefront's stock levels. */
export function schemaAvailability(availability: Availability): string {
  if (availability.level === 'sold-out') return `${SCHEMA}/OutOfStock`
  if (availability.level === 'low') return `${SCHEMA}/LimitedAvailability`
  return `${SCHEMA}/InStock`
}

/** A price as schema.org wants it: a number with a `.` decimal separator and the currency's two decimals. */
const amount = (value: number) => value.toFixed(2)

function offer(product: ProductForData, variantId: string | null, availability: Availability, url: string, name?: string): JsonLd {
  const terms = variantOffer(product, variantId)
  const onSale = terms.sellAt > 0 && terms.sellAt < terms.price.value
  return {
    '@type': 'Offer',
    ...(name ? { name } : {}),
    price: amount(terms.unitPrice),
    priceCurrency: terms.price.currency,
    availability: schemaAvailability(availability),
    itemCondition: `${SCHEMA}/NewCondition`,
    url,
    ...(variantId && terms.sku ? { sku: terms.sku } : {}),
    // The price before the sale, as Google reads a strikethrough price.
    ...(onSale
      ? {
          priceSpecification: {
            '@type': 'UnitPriceSpecification',
            priceType: `${SCHEMA}/StrikethroughPrice`,
            price: amount(terms.price.value),
            priceCurrency: terms.price.currency,
          },
        }
      : {}),
  }
}

const variantName = (features: Record<string, string>) =>
  Object.entries(features)
    .map(([name, value]) => `${name}: ${value}`)
    .join(', ')

/**
 * A product page's `Product`: one `Offer` per variant when its variants are sold at different prices,
 * otherwise one `Offer` for the product (its best-stocked availability). The shop is the brand.
 */
export function productJsonLd(product: ProductForData, shop: Pick<Shop, 'title'>, origin: string): JsonLd {
  const url = absoluteUrl(productPath(product), origin)
  const images = [...new Set([...product.images, ...product.variants.flatMap((variant) => (variant.image ? [variant.image] : []))].map((image) => absoluteUrl(image.url, origin)))]
  const description = summary(plainText(product.description), 5000)
  const skus = new Set(product.variants.map((variant) => variant.sku ?? ''))
  const sharedSku = skus.size === 1 ? [...skus][0] : ''
  const offers = variantPricesDiffer(product)
    ? product.variants.map((variant) => offer(product, variant._id, variant.availability, url, variantName(variant.features)))
    : offer(product, product.variants[0]?._id ?? null, product.availability, url)
  return {
    '@context': SCHEMA,
    '@type': 'Product',
    '@id': `${url}#product`,
    name: product.title,
    url,
    ...(images.length ? { image: images } : {}),
    ...(description ? { description } : {}),
    // The product's SKU when all its variants share one; different ones are named on each variant's offer.
    ...(sharedSku ? { sku: sharedSku } : {}),
    brand: { '@type': 'Brand', name: shop.title },
    offers,
    ...(product.rating && product.rating.count > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: Math.round(product.rating.average * 10) / 10,
            reviewCount: product.rating.count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  }
}

/** Home › Products › the product. */
export function productBreadcrumbs(product: Pick<Product, '_id' | 'title'>, origin: string): JsonLd {
  const trail = [
    { name: 'Home', item: absoluteUrl('/', origin) },
    { name: 'Products', item: absoluteUrl('/products/', origin) },
    { name: product.title, item: absoluteUrl(productPath(product), origin) },
  ]
  return {
    '@context': SCHEMA,
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((step, index) => ({ '@type': 'ListItem', position: index + 1, ...step })),
  }
}

/** The shop as an organization: its name, address, logo and social pages. */
export function organizationJsonLd(shop: Pick<Shop, 'title' | 'about' | 'logo' | 'socials'>, origin: string): JsonLd {
  const description = summary(shop.about)
  return {
    '@context': SCHEMA,
    '@type': 'Organization',
    '@id': `${absoluteUrl('/', origin)}#organization`,
    name: shop.title,
    url: absoluteUrl('/', origin),
    ...(shop.logo ? { logo: absoluteUrl(shop.logo.url, origin) } : {}),
    ...(description ? { description } : {}),
    ...(shop.socials.length ? { sameAs: shop.socials.map((social) => social.url) } : {}),
  }
}

/** The shop's site, and how to search its products (`/products/?q=`). */
export function websiteJsonLd(shop: Pick<Shop, 'title'>, origin: string): JsonLd {
  const home = absoluteUrl('/', origin)
  return {
    '@context': SCHEMA,
    '@type': 'WebSite',
    name: shop.title,
    url: home,
    publisher: { '@id': `${home}#organization` },
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${absoluteUrl('/products/', origin)}?q={search_term_string}` },
      'query-input': 'required name=search_term_string',
    },
  }
}

/** The home page's: the shop as an organization, and its site with the product search. */
export function homeJsonLd(shop: Pick<Shop, 'title' | 'about' | 'logo' | 'socials'>, origin: string): JsonLd[] {
  return [organizationJsonLd(shop, origin), websiteJsonLd(shop, origin)]
}
