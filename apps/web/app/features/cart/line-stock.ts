import type { Availability } from '@shop/domain'
import { lineCap } from './cart'
import type { CartLine } from './hooks/use-cart-lines'
import type { LineStock } from './hooks/use-stock-check'

/** What the shop shows of a line's stock: its variant's, or the product's own without variants. */
export function lineAvailability(line: Pick<CartLine, 'product' | 'variant'>): Availability | undefined {
  if (line.variant) return line.variant.availability
  return line.product && line.product.variants.length === 0 ? line.product.availability : undefined
}

/**
 * Why a line cannot be ordered as it is, from what the shop shows and the latest stock check, with the
 * count that would fix it; null when it can.
 */
export function stockProblem(line: Pick<CartLine, 'item' | 'product' | 'variant'>, checked: LineStock | undefined): { message: string; fix?: number } | null {
  if (checked && !checked.enough && !checked.gone) {
    const left = checked.availability.left ?? 0
    if (left === 0) return { message: 'Sold out: please remove it.' }
    return { message: `Only ${left} left: lower the quantity to ${left} or fewer.`, fix: left }
  }
  const availability = lineAvailability(line)
  if (availability?.level === 'sold-out') return { message: 'Sold out: please remove it.' }
  const cap = lineCap(availability)
  if (line.item.count > cap) return { message: `Only ${cap} left: lower the quantity to ${cap} or fewer.`, fix: cap }
  return null
}
