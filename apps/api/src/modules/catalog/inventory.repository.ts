/** The only SQL for inventory rows. Variant '' is the row of a product without variants. */
import { and, asc, count, eq, notInArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { queryRows } from '../../db/query-rows'
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

// ---------------------------------------------------------------- many products at once (the CSV import)

/** Locks the rows of all `productIds` in primary-key order, in one statement. */
export async function lockProductsInventory(tx: Db, shopId: string, productIds: string[]): Promise<void> {
  if (productIds.length === 0) return
  await tx.execute(sql`
    select ${inventory.id} from ${inventory}
    where ${inventory.shopId} = ${shopId}::uuid and ${inventory.productId} = any(${sql.param(productIds)}::uuid[])
    order by ${inventory.id}
    for update`)
}

/** Of each product, removes the rows of variants not among its `variantIds`, in one statement. */
export async function deleteInventoryOfOtherVariants(tx: Db, shopId: string, keep: { productId: string; variantIds: string[] }[]): Promise<void> {
  if (keep.length === 0) return
  const rows = JSON.stringify(keep.map((product) => ({ product_id: product.productId, variant_ids: product.variantIds })))
  await tx.execute(sql`
    delete from ${inventory} as i
    using jsonb_to_recordset(${rows}::jsonb) as k(product_id uuid, variant_ids text[])
    where i.shop_id = ${shopId}::uuid and i.product_id = k.product_id and not (i.variant_id = any(k.variant_ids))`)
}

export type StockRow = { productId: string; variantId: string; quantity: number }

const stockValues = (rows: StockRow[]) =>
  sql`jsonb_to_recordset(${JSON.stringify(rows.map((row) => ({ product_id: row.productId, variant_id: row.variantId, quantity: row.quantity })))}::jsonb)
    as r(product_id uuid, variant_id text, quantity integer)`

/** Creates tracked rows of products that have none yet (new ones), in one statement. */
export async function insertTrackedQuantities(tx: Db, shopId: string, rows: StockRow[]): Promise<void> {
  if (rows.length === 0) return
  await tx.execute(sql`
    insert into ${inventory} (shop_id, product_id, variant_id, quantity, tracked)
    select ${shopId}::uuid, r.product_id, r.variant_id, r.quantity, true from ${stockValues(rows)}`)
}

/**
 * Sets tracked quantities in two statements: the rows that exist are updated, the others created. An
 * INSERT … ON CONFLICT for all of them would run inventory's per-row insert trigger (page_version) for
 * each; the caller changes the products too, and that statement moves the shop's page version once.
 */
export async function setTrackedQuantities(tx: Db, shopId: string, rows: StockRow[]): Promise<void> {
  if (rows.length === 0) return
  await tx.execute(sql`
    update ${inventory} as i
    set quantity = r.quantity, tracked = true, updated_at = now()
    from ${stockValues(rows)}
    where i.shop_id = ${shopId}::uuid and i.product_id = r.product_id and i.variant_id = r.variant_id
      and (i.quantity <> r.quantity or not i.tracked)`)
  await tx.execute(sql`
    insert into ${inventory} (shop_id, product_id, variant_id, quantity, tracked)
    select ${shopId}::uuid, r.product_id, r.variant_id, r.quantity, true from ${stockValues(rows)}
    where not exists (select 1 from ${inventory} i where i.shop_id = ${shopId}::uuid and i.product_id = r.product_id and i.variant_id = r.variant_id)
    on conflict (shop_id, product_id, variant_id) do update set quantity = excluded.quantity, tracked = true, updated_at = now()`)
}

/** The stock state of every row of `productIds`. */
export async function inventoryStatesOfProducts(tx: Db, shopId: string, productIds: string[]) {
  if (productIds.length === 0) return []
  const rows = await queryRows<{ product_id: string; quantity: number; tracked: boolean }>(tx, sql`
    select product_id, quantity, tracked from ${inventory}
    where ${inventory.shopId} = ${shopId}::uuid and ${inventory.productId} = any(${sql.param(productIds)}::uuid[])`)
  return rows.map((row) => ({ productId: row.product_id, quantity: Number(row.quantity), tracked: Boolean(row.tracked) }))
}
