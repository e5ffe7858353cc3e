/**
 * What the product page's loader adds for search engines: the product's one address (an old or id-only
 * address is answered with a permanent redirect to it), its own text as the description, and its structured
 * data (Product and BreadcrumbList).
 */
import { plainText, productIdOf, productPath } from '@shop/domain'
import type { Product } from '@shop/domain/schemas/catalog'
import type { Shop } from '@shop/domain/schemas/shop'
import { redirect } from 'react-router'
import { type JsonLd, productBreadcrumbs, productJsonLd } from './structured-data'

/** The product id an address names, or null when it names none (the route answers 404). */
export function productIdFromParam(param: string | undefined): string | null {
  return param ? productIdOf(param) : null
}

/** Throws a 301 to the product's current address when the request asked for another one (old slug, id only). */
export function assertCanonicalProductUrl(request: Request, product: Pick<Product, '_id' | 'title'>): void {
  const url = new URL(request.url)
  const current = productPath(product)
  if (url.pathname.replace(/\/+$/, '') !== current) throw redirect(`${current}${url.search}`, 301)
}

export type ProductSeo = { canonical: string; description: string; structuredData: JsonLd[] }

export function productSeo(product: Product, shop: Shop, origin: string): ProductSeo {
  return {
    canonical: productPath(product),
    description: plainText(product.description),
    structuredData: [productJsonLd(product, shop, origin), productBreadcrumbs(product, origin)],
  }
}
