/**
 * A product is in stock when it has no tracked inventory rows, when any of its rows is untracked, or
 * when any tracked row has a quantity above 0.
 */
export function isInStock(rows: readonly { quantity?: number; tracked?: boolean }[]): boolean {
  const tracked = rows.filter((row) => row.tracked !== false)
  return tracked.length === 0 || tracked.length < rows.length || tracked.some((row) => (row.quantity ?? 0) > 0)
}
