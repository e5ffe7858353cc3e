/**
 * What a shopper is offered for one product, or one of its variants: a variant's own price, sale price,
 * SKU and picture when it has them, the product's otherwise. The storefront, the cart, the checkout's
 * pricing, the structured data and the catalog feeds all read prices through here.
 */
import type { Money } from './pricing'
import type { Product, ProductImage, Variant } from './schemas/catalog'

export type VariantOffer = {
  price: Money
  /** 0: not on sale. */
  sellAt: number
  /** What the shopper pays for one: the sale price when it is above 0, the price otherwise. */
  unitPrice: number
  sku: string | null
  image: ProductImage | null
}

type Offered = Pick<Product, 'price' | 'sellAt' | 'images'> & { variants: readonly Variant[] }

export function variantOffer(product: Offered, variantId?: string | null): VariantOffer {
  const variant = variantId ? product.variants.find((v) => v._id === variantId) : undefined
  // A variant with its own price brings its own sale price (none when absent); otherwise the product's both.
  const price = variant?.price ?? product.price
  const sellAt = variant?.price ? (variant.sellAt ?? 0) : (variant?.sellAt ?? product.sellAt)
  return {
    price,
    sellAt,
    unitPrice: sellAt > 0 ? sellAt : price.value,
    sku: variant?.sku || null,
    image: variant?.image ?? product.images[0] ?? null,
  }
}

/** Whether the product's variants are sold at more than one price (one offer each in structured data). */
export function variantPricesDiffer(product: Offered): boolean {
  const prices = new Set(product.variants.map((v) => variantOffer(product, v._id).unitPrice))
  return prices.size > 1
}

/** What a product card shows: the price and sale price, and whether it is the lowest of several ("from"). */
export type CardOffer = { price: Money; sellAt: number; from: boolean }

/**
 * A product card's price: the product's own without variants; with variants, the offer of the one sold
 * cheapest (the first on a tie), marked `from` when the variants sell at different prices ("from GHS
 * 45.00"), so a card never shows a price no variant is sold at.
 */
export function cardOffer(product: Offered): CardOffer {
  if (product.variants.length === 0) return { price: product.price, sellAt: product.sellAt, from: false }
  const offers = product.variants.map((v) => variantOffer(product, v._id))
  const lowest = offers.reduce((best, offer) => (offer.unitPrice < best.unitPrice ? offer : best))
  return { price: lowest.price, sellAt: lowest.sellAt, from: variantPricesDiffer(product) }
}

/** A product's or a variant's stored prices, minor units; a variant's are absent when it has none. */
export type StoredPrices = { priceMinor: number; sellAtMinor: number }

/**
 * `variantOffer`'s rule on the server's minor units: the price, sale price and unit price a variant is
 * sold at (the product's without a variant or when the variant has no price of its own).
 */
export function variantPriceMinor(
  product: StoredPrices,
  variant?: { priceMinor?: number; sellAtMinor?: number } | null,
): StoredPrices & { unitPriceMinor: number } {
  const own = variant?.priceMinor !== undefined
  const priceMinor = own ? variant.priceMinor! : product.priceMinor
  const sellAtMinor = own ? (variant.sellAtMinor ?? 0) : (variant?.sellAtMinor ?? product.sellAtMinor)
  return { priceMinor, sellAtMinor, unitPriceMinor: sellAtMinor > 0 ? sellAtMinor : priceMinor }
}
