/** The most of one line a cart may hold (the order API's own limit), and the most lines. */
export const MAX_LINE_COUNT = 1000
export const MAX_CART_LINES = 100

/**
 * A product is in stock when it has no tracked inventory rows, when any of its rows is untracked, or
 * when any tracked row has a quantity above 0.
 */
export function isInStock(rows: readonly { quantity?: number; tracked?: boolean }[]): boolean {
  const tracked = rows.filter((row) => row.tracked !== false)
  return tracked.length === 0 || tracked.length < rows.length || tracked.some((row) => (row.quantity ?? 0) > 0)
}

/** How much of a variant a shopper may buy, as the storefront shows it. */
export type StockLevel = 'in-stock' | 'low' | 'sold-out'

/** What shoppers learn of one variant: its level, and the exact count only once it is low. */
export type Availability = { level: StockLevel; left?: number }

/**
 * A variant's availability from its inventory row: no row or an untracked row is unlimited; a tracked row
 * is sold out at 0, low at or below the shop's threshold (the count is then shown: "Only 3 left"), and
 * otherwise in stock without a count, so a shop's exact stock is never public above the threshold.
 */
export function availability(row: { quantity: number; tracked: boolean } | undefined, lowStockThreshold: number): Availability {
  if (!row || !row.tracked) return { level: 'in-stock' }
  if (row.quantity <= 0) return { level: 'sold-out', left: 0 }
  if (row.quantity <= lowStockThreshold) return { level: 'low', left: row.quantity }
  return { level: 'in-stock' }
}

const LEVEL_ORDER = { 'in-stock': 0, low: 1, 'sold-out': 2 } as const

/** A product's availability from its variants': the best-stocked one's (in stock, then low with the most left). */
export function bestAvailability(variants: readonly Availability[]): Availability {
  return variants.reduce((a, b) =>
    LEVEL_ORDER[a.level] < LEVEL_ORDER[b.level] || (a.level === b.level && (a.left ?? 0) >= (b.left ?? 0)) ? a : b,
  )
}

/** The most of one variant a cart may hold: what is left when it is low or sold out, else `cap`. */
export function orderableCount(availability: Availability, cap: number): number {
  return availability.left === undefined ? cap : Math.min(cap, availability.left)
}
