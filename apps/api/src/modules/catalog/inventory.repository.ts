/** The only SQL for inventory rows. Variant '' is the row of a product without variants. */
import { and, asc, count, eq, notInArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { inventory } from '../../db/schema'
import type { ParsedQuery, QuerySpec } from '../../lib/feathers-query'
import type { InventoryRow } from './catalog.dto'

export const inventoryQuerySpec: QuerySpec = {
  fields: {
    variant: { column: inventory.variantId, type: 'string', sort: true },
    updatedAt: { column: inventory.updatedAt, type: 'date', sort: true },
  },
  defaultSort: { variant: 1 },
  tieBreaker: inventory.id,
}

export async function listInventory(db: Db, shopId: string, productId: string, parsed: ParsedQuery) {
  const where = and(eq(inventory.shopId, shopId), eq(inventory.productId, productId), parsed.where)
  const [rows, [counted]] = await Promise.all([
    parsed.limit > 0
      ? db.select().from(inventory).where(where).orderBy(...parsed.orderBy).limit(parsed.limit).offset(parsed.skip)
      : Promise.resolve([] as InventoryRow[]),
    db.select({ total: count() }).from(inventory).where(where),
  ])
  return { rows, total: counted?.total ?? 0 }
}

export type InventoryUpsert = {
  shopId: string
  productId: string
  variantId: string
  quantity: number
  /** Left as stored when undefined (a new row is tracked). */
  tracked?: boolean
}

export async function upsertInventory(db: Db, values: InventoryUpsert): Promise<InventoryRow> {
  const [row] = await db
    .insert(inventory)
    .values({ ...values, tracked: values.tracked ?? true })
    .onConflictDoUpdate({
      target: [inventory.shopId, inventory.productId, inventory.variantId],
      set: {
        quantity: values.quantity,
        ...(values.tracked === undefined ? {} : { tracked: values.tracked }),
        updatedAt: sql`now()`,
      },
    })
    .returning()
  return row!
}

/** The stock state of every row of a product. */
export async function inventoryStates(db: Db, shopId: string, productId: string) {
  return db
    .select({ variantId: inventory.variantId, quantity: inventory.quantity, tracked: inventory.tracked })
    .from(inventory)
    .where(and(eq(inventory.shopId, shopId), eq(inventory.productId, productId)))
}

/** Locks a product's rows in primary-key order, the order every writer of inventory uses. */
export async function lockInventory(db: Db, shopId: string, productId: string): Promise<void> {
  await db
    .select({ id: inventory.id })
    .from(inventory)
    .where(and(eq(inventory.shopId, shopId), eq(inventory.productId, productId)))
    .orderBy(asc(inventory.id))
    .for('update')
}

/** Removes the rows of variants the product no longer has. */
export async function deleteInventoryExcept(db: Db, shopId: string, productId: string, variantIds: string[]) {
  await db
    .delete(inventory)
    .where(and(eq(inventory.shopId, shopId), eq(inventory.productId, productId), notInArray(inventory.variantId, variantIds)))
}
