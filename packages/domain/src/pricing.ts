/**
 * Prices, discounts and totals in integer minor units (docs/product.md §5, §9; docs/architecture.md §8).
 */
export type Money = { value: number; currency: string }

/** docs/product.md §9: the displayed price is sellAt if above 0, else price.value (both minor units here). */
export function displayedPrice(priceMinor: number, sellAtMinor: number): number {
  return sellAtMinor > 0 ? sellAtMinor : priceMinor
}

export type DiscountTerms = { type: 'percentage' | 'fixed'; value: number }

/**
 * docs/product.md §5: a discount applies only when the subtotal is above 0; percentage = subtotal × value / 100,
 * otherwise the fixed value (minor units). It never exceeds the subtotal.
 */
export function discountAmount(subtotalMinor: number, terms: DiscountTerms | null | undefined): number {
  if (!terms || subtotalMinor <= 0 || terms.value <= 0) return 0
  const raw = terms.type === 'percentage' ? Math.round((subtotalMinor * Math.min(terms.value, 100)) / 100) : terms.value
  return Math.min(raw, subtotalMinor)
}

/** Tax as basis points of the subtotal (1250 = 12.5 %), rounded to the minor unit. */
export function taxAmount(subtotalMinor: number, taxRateBps: number): number {
  if (subtotalMinor <= 0 || taxRateBps <= 0) return 0
  return Math.round((subtotalMinor * taxRateBps) / 10_000)
}

export type Line = { unitPriceMinor: number; count: number }

export function subtotal(lines: readonly Line[]): number {
  return lines.reduce((sum, line) => sum + line.unitPriceMinor * line.count, 0)
}

/** docs/product.md §9: order total = items subtotal + delivery rate value (0 for pick-up) − discount. */
export function orderTotal(input: { subtotal: number; deliveryFee: number; discount: number; deliveryType: 'pick-up' | 'dispatch' }): number {
  const delivery = input.deliveryType === 'pick-up' ? 0 : input.deliveryFee
  return Math.max(0, input.subtotal + delivery - input.discount)
}

/**
 * docs/product.md §9: checkout total = subtotal + tax + delivery − discount, where delivery is added only for a rate
 * paid with the order (paymentOption 'instant'); an on-delivery fee is paid to the rider instead.
 */
export function checkoutTotal(input: {
  subtotal: number
  tax: number
  deliveryFee: number
  discount: number
  deliveryType: 'pick-up' | 'dispatch'
  paymentOption?: string | null
}): number {
  const delivery = input.deliveryType === 'dispatch' && input.paymentOption === 'instant' ? input.deliveryFee : 0
  return Math.max(0, input.subtotal + input.tax + delivery - input.discount)
}
