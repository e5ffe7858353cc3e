import type { Availability } from '@shop/domain'
import { MAX_COUNT, lineCap } from '../../lib/cart/cart'
import type { CartLine } from '../../lib/cart/use-cart-lines'
import type { LineStock } from './hooks/use-stock-check'

/** What the shop shows of a line's stock: its variant's, or the product's own without variants. */
export function lineAvailability(line: Pick<CartLine, 'product' | 'variant'>): Availability | undefined {
  if (line.variant) return line.variant.availability
  return line.product && line.product.variants.length === 0 ? line.product.availability : undefined
}

/** Why a line cannot be ordered: not enough in stock, or more than the shop sells of one item per order. */
export type LineProblem = { kind: 'stock' | 'most'; message: string; fix?: number }

/**
 * Why a line cannot be ordered as it is, from what the shop shows, the latest stock check and the shop's
 * most of one item per order (`most`, decision 52), with the count that would fix it; null when it can.
 * When both stand in the way, the lower count is the one offered.
 */
export function stockProblem(line: Pick<CartLine, 'item' | 'product' | 'variant'>, checked: LineStock | undefined, most: number = MAX_COUNT): LineProblem | null {
  const availability = lineAvailability(line)
  const checkedLeft = checked && !checked.enough && !checked.gone ? (checked.availability.left ?? 0) : undefined
  if (checkedLeft === 0 || (checkedLeft === undefined && availability?.level === 'sold-out')) {
    return { kind: 'stock', message: 'Sold out: please remove it.' }
  }
  const left = lineCap(availability, { checkedLeft })
  if (line.item.count > left && left <= most) return { kind: 'stock', message: `Only ${left} left: lower the quantity to ${left} or fewer.`, fix: left }
  if (line.item.count > most) return { kind: 'most', message: `The shop sells at most ${most} of one item per order: lower the quantity to ${most} or fewer.`, fix: most }
  return null
}
