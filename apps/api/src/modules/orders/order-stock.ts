/**
 * An order's stock, as a step with its compensation: `takeOrderStock` takes what lines need (placement,
 * and an edit that adds units), `giveStockBack` returns units (a cancel, an edit that removes units, a
 * return). Both run in the caller's transaction, after the order row's lock: inventory rows, then products.
 */
import type { ServiceContext } from '../../context'
import { Conflict, type FieldError } from '../../lib/errors'
import { refreshInStock } from '../catalog/inventory.service'
import { type StockLine, type StockTake, lockStockRows, returnStock, takeStock } from './order-stock.repository'

/** Units of one product (and variant) an order needs; `path` names the request field a shortage points at. */
export type StockRequest = { product: string; variant?: string | null; count: number; title: string; path: string }

export const stockKey = (product: string, variant: string | null | undefined) => `${product}/${variant ?? ''}`

const stockLine = (line: { product: string; variant?: string | null; count: number }): StockLine => ({
  productId: line.product,
  variantId: line.variant ?? '',
  count: line.count,
})

/**
 * Takes the stock of every line (one statement), refuses with a 409 naming each short line, and refreshes
 * `inStock` of the products that ran out. Answers the keys of the lines that had a tracked row (the others
 * are unlimited and took nothing) and the rows taken from.
 */
export async function takeOrderStock(tx: ServiceContext, shopId: string, lines: StockRequest[]): Promise<{ tracked: Set<string>; taken: StockTake[] }> {
  const taken = await takeStock(tx.db, shopId, lines.map(stockLine))
  const byKey = new Map(taken.map((row) => [stockKey(row.productId, row.variantId), row]))
  const short: { line: StockRequest; error: FieldError }[] = []
  for (const line of lines) {
    const row = byKey.get(stockKey(line.product, line.variant))
    if (row && row.remaining === null) short.push({ line, error: { path: line.path, message: `only ${row.available} left` } })
  }
  if (short.length) {
    const first = short[0]!
    throw Conflict(`Not enough stock of ${first.line.title}: ${first.error.message}`, short.map((entry) => entry.error))
  }
  // Only a row that reached 0 can change a product's inStock.
  const soldOut = [...new Set(taken.filter((row) => row.remaining === 0).map((row) => row.productId))].sort()
  for (const productId of soldOut) await refreshInStock(tx, productId)
  return { tracked: new Set(byKey.keys()), taken }
}

/**
 * The compensation of `takeOrderStock`: gives units back to their tracked rows (rows deleted or untracked
 * since are skipped) and refreshes `inStock` of the products touched.
 */
export async function giveStockBack(tx: ServiceContext, shopId: string, lines: { product: string; variant?: string | null; count: number }[]): Promise<void> {
  const touched = await returnStock(tx.db, shopId, lines.filter((line) => line.count > 0).map(stockLine))
  for (const productId of touched.sort()) await refreshInStock(tx, productId)
}

/**
 * An edit's stock: `moves` with a positive count are taken (a shortage is a 409 naming the move's path),
 * with a negative one given back. Every row both touch is locked first, in id order, so an edit never
 * deadlocks with a placement that takes the same rows in one statement.
 */
export async function moveOrderStock(tx: ServiceContext, shopId: string, moves: StockRequest[]): Promise<{ tracked: Set<string>; taken: StockTake[] }> {
  await lockStockRows(tx.db, shopId, moves.map((move) => stockLine({ ...move, count: Math.abs(move.count) })))
  await giveStockBack(tx, shopId, moves.filter((move) => move.count < 0).map((move) => ({ ...move, count: -move.count })))
  return takeOrderStock(tx, shopId, moves.filter((move) => move.count > 0))
}
