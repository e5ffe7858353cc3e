import type { Availability } from '@shop/domain'

/** What a shopper reads about stock: "In stock", "Only 3 left", "Sold out". */
export function stockText(availability: Availability): string {
  if (availability.level === 'sold-out') return 'Sold out'
  if (availability.level === 'low') return `Only ${availability.left} left`
  return 'In stock'
}
