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

/**
 * Throws a 301 to the product's current address when a GET named it otherwise (the bare id, an old or
 * mistyped slug), the query kept. Compared on the route's `param`: a client navigation's data request
 * (`….data?_routes=…`) asks with another path and query than the page's.
 */
export function assertCanonicalProductUrl(request: Request, param: string | undefined, product: Pick<Product, '_id' | 'title'>): void {
  // A form posted to an older address (Add to cart before the scripts run) gets its answer there, not a redirect.
  if (request.method !== 'GET' && request.method !== 'HEAD') return
  const current = productPath(product)
  if (`/products/${param ?? ''}` === current) return
  const query = new URL(request.url).searchParams
  query.delete('_routes')
  const search = query.toString()
  throw redirect(search ? `${current}?${search}` : current, 301)
}

export type ProductSeo = { canonical: string; description: string; structuredData: JsonLd[] }

export function productSeo(product: Product, shop: Shop, origin: string): ProductSeo {
  return {
    canonical: productPath(product),
    description: plainText(product.description),
    structuredData: [productJsonLd(product, shop, origin), productBreadcrumbs(product, origin)],
  }
}
