/**
 * The storefront's structured data against Google Search Central's documented properties:
 * - merchant listing (Product, Offer): required name, image, offers; Offer price (> 0) and priceCurrency;
 *   recommended description, brand, sku, aggregateRating, and on the Offer availability, itemCondition, url;
 * - product snippet: name, and one of offers, review or aggregateRating; AggregateRating ratingValue and
 *   reviewCount or ratingCount; an AggregateOffer needs lowPrice and priceCurrency;
 * - Organization: recommended name, url, logo, sameAs, description;
 * - BreadcrumbList: itemListElement of at least two ListItems, each with position, name and item (a URL);
 * - WebSite (sitelinks search box): potentialAction SearchAction with a target whose urlTemplate holds
 *   {search_term_string} and query-input `required name=search_term_string`.
 */
import type { Product, ProductVariant } from '@shop/domain/schemas/catalog'
import { describe, expect, it } from 'vitest'
import { type JsonLd, homeJsonLd, productBreadcrumbs, productJsonLd } from './structured-data'

const origin = 'https://demo.shops.example'
const id = '0b7f3c1e-5d2a-4c7b-9a1e-2f3d4c5b6a79'
const image = (url: string) => ({ url, thumbnail: url, alt: '' })
const inStock = { level: 'in-stock' as const }
const shop = {
  title: 'Demo Shop',
  about: 'Kente, batik and beads from Kumasi. Delivered across Ghana.',
  logo: { url: '/uploads/logo.png', thumbnail: '/uploads/logo-t.png' },
  socials: [{ site: 'instagram' as const, url: 'https://instagram.com/demo' }],
}

function product(overrides: Partial<Product> = {}): Product {
  return {
    _id: id,
    shop: 'shop',
    title: 'Kente stole <script>',
    description: '**Handwoven** in [Bonwire](https://example.com).\n\n- 2 m long',
    price: { value: 120, currency: 'GHS' },
    sellAt: 0,
    images: [image('/uploads/a.jpg'), image('https://cdn.example/b.jpg')],
    variants: [],
    categories: [],
    available: true,
    inStock: true,
    availability: inStock,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-02T00:00:00.000Z',
    ...overrides,
  }
}

const isUrl = (value: unknown) => typeof value === 'string' && /^https?:\/\/[^\s]+$/.test(value)
const isPrice = (value: unknown) => (typeof value === 'number' || typeof value === 'string') && /^\d+(\.\d+)?$/.test(String(value)) && Number(value) > 0
const AVAILABILITY = ['https://schema.org/InStock', 'https://schema.org/OutOfStock', 'https://schema.org/LimitedAvailability']

/** Google's required and recommended properties of a Product with its offers, as a list of problems. */
function merchantListingProblems(data: JsonLd): string[] {
  const problems: string[] = []
  if (data['@context'] !== 'https://schema.org') problems.push('@context')
  if (data['@type'] !== 'Product') problems.push('@type')
  if (typeof data.name !== 'string' || !data.name) problems.push('name (required)')
  const images = data.image
  if (!Array.isArray(images) || images.length === 0 || !images.every(isUrl)) problems.push('image (required, absolute URLs)')
  if (typeof data.description !== 'string' || !data.description) problems.push('description (recommended)')
  const brand = data.brand as JsonLd | undefined
  if (!brand || brand['@type'] !== 'Brand' || !brand.name) problems.push('brand (recommended)')
  const offers = data.offers as JsonLd | JsonLd[] | undefined
  if (!offers) problems.push('offers (required)')
  for (const offer of offers ? (Array.isArray(offers) ? offers : [offers]) : []) {
    if (offer['@type'] === 'AggregateOffer') {
      if (!isPrice(offer.lowPrice)) problems.push('AggregateOffer.lowPrice (required)')
      if (!/^[A-Z]{3}$/.test(String(offer.priceCurrency))) problems.push('AggregateOffer.priceCurrency (required)')
      continue
    }
    if (offer['@type'] !== 'Offer') problems.push('offer @type')
    if (!isPrice(offer.price)) problems.push('Offer.price (required, above 0)')
    if (!/^[A-Z]{3}$/.test(String(offer.priceCurrency))) problems.push('Offer.priceCurrency (required)')
    if (!AVAILABILITY.includes(String(offer.availability))) problems.push('Offer.availability (recommended)')
    if (offer.itemCondition !== 'https://schema.org/NewCondition') problems.push('Offer.itemCondition (recommended)')
    if (!isUrl(offer.url)) problems.push('Offer.url')
  }
  const rating = data.aggregateRating as JsonLd | undefined
  if (rating) {
    if (typeof rating.ratingValue !== 'number') problems.push('aggregateRating.ratingValue (required)')
    if (typeof rating.reviewCount !== 'number' && typeof rating.ratingCount !== 'number') problems.push('aggregateRating.reviewCount or ratingCount (required)')
  }
  return problems
}

const asList = (offers: unknown) => (Array.isArray(offers) ? offers : [offers]) as JsonLd[]

describe('productJsonLd', () => {
  it('has every required and recommended property of a merchant listing', () => {
    const data = productJsonLd(product(), shop, origin)
    expect(merchantListingProblems(data)).toEqual([])
    expect(data).toMatchObject({
      name: 'Kente stole <script>',
      url: `${origin}/products/${id}-kente-stole-script`,
      image: [`${origin}/uploads/a.jpg`, 'https://cdn.example/b.jpg'],
      description: 'Handwoven in Bonwire. 2 m long',
      brand: { '@type': 'Brand', name: 'Demo Shop' },
      offers: { '@type': 'Offer', price: '120.00', priceCurrency: 'GHS', availability: 'https://schema.org/InStock', url: `${origin}/products/${id}-kente-stole-script` },
    })
    expect(data.aggregateRating).toBeUndefined()
  })

  it('offers the sale price with the old price as a strikethrough price', () => {
    const data = productJsonLd(product({ sellAt: 99.5 }), shop, origin)
    expect(merchantListingProblems(data)).toEqual([])
    expect(data.offers).toMatchObject({
      price: '99.50',
      priceSpecification: { '@type': 'UnitPriceSpecification', priceType: 'https://schema.org/StrikethroughPrice', price: '120.00', priceCurrency: 'GHS' },
    })
  })

  it('says out of stock and limited availability as schema.org does', () => {
    const soldOut = productJsonLd(product({ availability: { level: 'sold-out', left: 0 } }), shop, origin)
    expect((soldOut.offers as JsonLd).availability).toBe('https://schema.org/OutOfStock')
    const low = productJsonLd(product({ availability: { level: 'low', left: 2 } }), shop, origin)
    expect((low.offers as JsonLd).availability).toBe('https://schema.org/LimitedAvailability')
  })

  it('gives one offer per variant, with its own price, SKU and stock, when the variants are priced differently', () => {
    const variants: ProductVariant[] = [
      { _id: 's', features: { Size: 'S' }, availability: inStock, sku: 'KS-S' },
      { _id: 'l', features: { Size: 'L' }, availability: { level: 'sold-out', left: 0 }, price: { value: 150, currency: 'GHS' }, sku: 'KS-L', image: image('/uploads/l.jpg') },
    ]
    const data = productJsonLd(product({ variants }), shop, origin)
    expect(merchantListingProblems(data)).toEqual([])
    const offers = asList(data.offers)
    expect(offers).toHaveLength(2)
    expect(offers[0]).toMatchObject({ name: 'Size: S', price: '120.00', sku: 'KS-S', availability: 'https://schema.org/InStock' })
    expect(offers[1]).toMatchObject({ name: 'Size: L', price: '150.00', sku: 'KS-L', availability: 'https://schema.org/OutOfStock' })
    expect(data.image).toContain(`${origin}/uploads/l.jpg`)
    expect(data.sku).toBeUndefined()
  })

  it('gives one offer when every variant has the same price', () => {
    const variants: ProductVariant[] = [
      { _id: 's', features: { Size: 'S' }, availability: inStock, sku: 'KS' },
      { _id: 'l', features: { Size: 'L' }, availability: inStock, sku: 'KS' },
    ]
    const data = productJsonLd(product({ variants }), shop, origin)
    expect(merchantListingProblems(data)).toEqual([])
    expect(data.offers).toMatchObject({ '@type': 'Offer', price: '120.00' })
    expect(data.sku).toBe('KS')
  })

  it('adds the reviews’ rating when the product has some', () => {
    const data = productJsonLd(product({ rating: { average: 4.333, count: 3 } }), shop, origin)
    expect(merchantListingProblems(data)).toEqual([])
    expect(data.aggregateRating).toEqual({ '@type': 'AggregateRating', ratingValue: 4.3, reviewCount: 3, bestRating: 5, worstRating: 1 })
  })
})

describe('productBreadcrumbs', () => {
  it('is Home › Products › the product, each a ListItem with position, name and an absolute URL', () => {
    const data = productBreadcrumbs(product(), origin)
    expect(data['@type']).toBe('BreadcrumbList')
    const items = data.itemListElement as JsonLd[]
    expect(items.length).toBeGreaterThanOrEqual(2)
    items.forEach((item, index) => {
      expect(item).toMatchObject({ '@type': 'ListItem', position: index + 1 })
      expect(typeof item.name).toBe('string')
      expect(isUrl(item.item)).toBe(true)
    })
    expect(items.map((item) => item.name)).toEqual(['Home', 'Products', 'Kente stole <script>'])
    expect(items[2]!.item).toBe(`${origin}/products/${id}-kente-stole-script`)
  })
})

describe('homeJsonLd', () => {
  it('names the shop as an Organization with its logo and social pages, and its WebSite with a product search', () => {
    const [organization, website] = homeJsonLd(shop, origin)
    expect(organization).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'Demo Shop',
      url: `${origin}/`,
      logo: `${origin}/uploads/logo.png`,
      sameAs: ['https://instagram.com/demo'],
      description: shop.about,
    })
    expect(website).toMatchObject({ '@type': 'WebSite', name: 'Demo Shop', url: `${origin}/` })
    const action = website!.potentialAction as JsonLd
    expect(action['@type']).toBe('SearchAction')
    expect((action.target as JsonLd).urlTemplate).toBe(`${origin}/products/?q={search_term_string}`)
    expect(action['query-input']).toBe('required name=search_term_string')
  })

  it('leaves out what the shop has not set', () => {
    const [organization] = homeJsonLd({ ...shop, logo: null, socials: [], about: '' }, origin)
    expect(organization).not.toHaveProperty('logo')
    expect(organization).not.toHaveProperty('sameAs')
    expect(organization).not.toHaveProperty('description')
  })
})
