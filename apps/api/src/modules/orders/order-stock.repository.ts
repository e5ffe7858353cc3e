/**
 * The SQL orders run on inventory: taking stock when an order is placed and giving it back when it is
 * canceled. Both lock the rows they touch in primary-key order (the order every writer of inventory uses,
 * see catalog/inventory.service.ts) before changing them, so concurrent orders wait, never deadlock, and
 * a quantity never goes below zero: the decrement only applies where `quantity >= count`.
 */
import { LOW_STOCK_THRESHOLD } from '@shop/domain/schemas/shop'
import { type SQL, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { queryRows } from '../../db/query-rows'
import { shopConfigs } from '../../db/schema'

/** One inventory row's share of an order: variant '' is the row of a product without variants. */
export type StockLine = { productId: string; variantId: string; count: number }

export type StockTake = {
  productId: string
  variantId: string
  /** The row's quantity when it was locked. */
  available: number
  /** The quantity after the decrement, or null when there was not enough. */
  remaining: number | null
}

function wanted(lines: StockLine[]): SQL {
  const rows = lines.map((line) => sql`(${line.productId}::uuid, ${line.variantId}::text, ${line.count}::integer)`)
  return sql`(values ${sql.join(rows, sql`, `)}) as wanted (product_id, variant_id, n)`
}

/**
 * In one statement: locks the tracked rows of `lines` in id order, then decrements each where enough is
 * left. Answers every tracked row it found (untracked or missing rows are unlimited stock).
 */
export async function takeStock(tx: Db, shopId: string, lines: StockLine[]): Promise<StockTake[]> {
  if (lines.length === 0) return []
  const rows = await queryRows<{ product_id: string; variant_id: string; available: number; remaining: number | null }>(tx, sql`
    with locked as (
      select i.id, i.product_id, i.variant_id, i.quantity, wanted.n
      from inventory i
      join ${wanted(lines)} on wanted.product_id = i.product_id and wanted.variant_id = i.variant_id
      where i.shop_id = ${shopId}::uuid and i.tracked
      order by i.id
      for update of i
    ), taken as (
      update inventory
      set quantity = inventory.quantity - locked.n, updated_at = now()
      from locked
      where inventory.id = locked.id and inventory.tracked and inventory.quantity >= locked.n
      returning inventory.id, inventory.quantity
    )
    select locked.product_id, locked.variant_id, locked.quantity as available, taken.quantity as remaining
    from locked left join taken on taken.id = locked.id`)
  return rows.map(
    (row) => ({
      productId: row.product_id,
      variantId: row.variant_id,
      available: Number(row.available),
      remaining: row.remaining === null ? null : Number(row.remaining),
    }),
  )
}

/** Gives `lines` back to their tracked rows (rows deleted or untracked since are skipped); answers the products touched. */
export async function returnStock(tx: Db, shopId: string, lines: StockLine[]): Promise<string[]> {
  if (lines.length === 0) return []
  const rows = await queryRows<{ product_id: string }>(tx, sql`
    with locked as (
      select i.id, wanted.n
      from inventory i
      join ${wanted(lines)} on wanted.product_id = i.product_id and wanted.variant_id = i.variant_id
      where i.shop_id = ${shopId}::uuid and i.tracked
      order by i.id
      for update of i
    )
    update inventory
    set quantity = least(inventory.quantity::bigint + locked.n, 2147483647)::integer, updated_at = now()
    from locked
    where inventory.id = locked.id
    returning inventory.product_id`)
  return [...new Set(rows.map((row) => row.product_id))]
}

/**
 * Locks the tracked rows of `lines` in id order, as every writer of inventory does, for a caller that then
 * takes from some and gives back to others in separate statements (an order edit).
 */
export async function lockStockRows(tx: Db, shopId: string, lines: StockLine[]): Promise<void> {
  if (lines.length === 0) return
  await queryRows(tx, sql`
    select i.id from inventory i
    join ${wanted(lines)} on wanted.product_id = i.product_id and wanted.variant_id = i.variant_id
    where i.shop_id = ${shopId}::uuid and i.tracked
    order by i.id
    for update of i`)
}

/** The shop's low-stock threshold, or the default before its settings were first saved. */
export async function lowStockThreshold(tx: Db, shopId: string): Promise<number> {
  const [row] = await tx.select({ value: shopConfigs.lowStockThreshold }).from(shopConfigs).where(eq(shopConfigs.shopId, shopId))
  return row?.value ?? LOW_STOCK_THRESHOLD.default
}
