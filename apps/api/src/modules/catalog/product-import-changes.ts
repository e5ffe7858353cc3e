/**
 * What an import changes of the products it updates, worked out from the rows it has read and locked.
 * A file sent back after an export names every product but changes few: the write sends only the
 * products, stock rows and in-stock flags that differ, so on PGlite, whose one connection the import's
 * transaction holds, other shops wait for the edited rows only (docs/decisions/0051).
 */
import type { Variant } from '../../db/schema'
import type { ProductWithStock } from './catalog.dto'
import { inventoryVariantIds } from './inventory.service'
import type { StockRow } from './inventory.repository'
import type { ImportedProduct } from './product.repository'

/** One product the file updates: its fields as the file gives them and its stock rows from the file. */
export type ProductUpdate = { product: ImportedProduct; stock: StockRow[] }

export type ImportChanges = {
  /** Products whose fields differ from the stored ones. */
  fields: ImportedProduct[]
  /** Stock rows whose count differs, or that are not tracked or do not exist yet. */
  stock: StockRow[]
  /** Products that keep inventory rows of variants they no longer have: those rows go. */
  removedVariants: { productId: string; variantIds: string[] }[]
  /** Products whose stock rows change in any way: their in-stock flag is worked out again. */
  restocked: string[]
}

/** JSON with the keys of every object sorted, as jsonb compares them (it keeps no key order). */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  )
}

const sameVariants = (stored: Variant[], next: Variant[]) => canonical(stored) === canonical(next)

/** Whether `next` leaves every field the import writes as `stored` has it. */
export function sameProductFields(stored: ProductWithStock, next: ImportedProduct, currency: string): boolean {
  return (
    stored.title === next.title &&
    stored.description === next.description &&
    stored.priceMinor === next.priceMinor &&
    stored.sellAtMinor === next.sellAtMinor &&
    stored.available === next.available &&
    stored.currency === currency &&
    stored.categoryIds.length === next.categoryIds.length &&
    stored.categoryIds.every((id, i) => id === next.categoryIds[i]) &&
    sameVariants(stored.variants, next.variants)
  )
}

/** The changes `updates` make to the products `existing` holds (every updated product is in it). */
export function importChanges(updates: ProductUpdate[], existing: Map<string, ProductWithStock>, currency: string): ImportChanges {
  const changes: ImportChanges = { fields: [], stock: [], removedVariants: [], restocked: [] }
  for (const { product, stock } of updates) {
    const stored = existing.get(product.id)!
    if (!sameProductFields(stored, product, currency)) changes.fields.push(product)
    const kept = new Set(inventoryVariantIds(product))
    const rows = new Map(stored.stock.map((state) => [state.variantId, state]))
    const changedStock = stock.filter((row) => {
      const state = rows.get(row.variantId)
      return !state || !state.tracked || state.quantity !== row.quantity
    })
    const removed = stored.stock.some((state) => !kept.has(state.variantId))
    if (removed) changes.removedVariants.push({ productId: product.id, variantIds: [...kept] })
    changes.stock.push(...changedStock)
    if (removed || changedStock.length > 0) changes.restocked.push(product.id)
  }
  return changes
}
