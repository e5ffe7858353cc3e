/** The only SQL for uploads. */
import { type SQL, and, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { queryRows } from '../../db/query-rows'
import { checkouts, orders, products, shops, uploads } from '../../db/schema'

export type UploadRow = typeof uploads.$inferSelect
export type UploadInsert = typeof uploads.$inferInsert
/** What other modules need of an upload to point at it. */
export type UploadFiles = Pick<UploadRow, 'key' | 'thumbnailKey' | 'width' | 'height' | 'variantWidths'>

export async function insertUpload(db: Db, values: UploadInsert): Promise<UploadRow> {
  const [row] = await db.insert(uploads).values(values).returning()
  return row!
}

/**
 * Bytes the shop keeps in storage: each picture once (the same bytes uploaded twice share their files),
 * with every copy made from it (`size`). Read through `uploads_shop_idx`, led by the shop.
 */
export async function shopStoredBytes(db: Db, shopId: string): Promise<number> {
  const [row] = await queryRows<{ bytes: string }>(db, sql`
    select coalesce(sum(size), 0)::text as bytes
    from (select max(${uploads.size}) as size from ${uploads} where ${uploads.shopId} = ${shopId} group by ${uploads.key}) as pictures`)
  return Number(row!.bytes)
}

/** Takes the shop's upload lock until the transaction ends, so the quota is checked by one upload at a time. */
export async function lockShopUploads(tx: Db, shopId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`uploads:${shopId}`}, 0))`)
}

/** The shop's uploads stored under any of `keys` (original images, not thumbnails). */
export async function findUploadsByKey(db: Db, shopId: string, keys: string[]): Promise<UploadFiles[]> {
  if (keys.length === 0) return []
  return db
    .select({
      key: uploads.key,
      thumbnailKey: uploads.thumbnailKey,
      width: uploads.width,
      height: uploads.height,
      variantWidths: uploads.variantWidths,
    })
    .from(uploads)
    .where(and(eq(uploads.shopId, shopId), inArray(uploads.key, keys)))
}

export async function findUpload(db: Db, id: string): Promise<UploadRow | undefined> {
  const [row] = await db.select().from(uploads).where(eq(uploads.id, id))
  return row
}

/** Deletes one upload's row (other uploads of the same picture keep theirs). */
export async function deleteUploadRow(db: Db, id: string): Promise<void> {
  await db.delete(uploads).where(eq(uploads.id, id))
}

/**
 * Of `keys` (original images), those the shop still shows or has shown: on a product, as its logo, or on
 * an order's or a checkout's lines (which keep what was bought as it looked then). A stored URL ends in
 * `/{key}`, so its JSON text holds `/{key}"`.
 */
export async function keysInUse(db: Db, shopId: string, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set()
  const named = (column: SQL) => sql`strpos(${column}::text, '/' || k.key || '"') > 0`
  const rows = await queryRows<{ key: string }>(db, sql`
    select k.key from unnest(${sql.param(keys)}::text[]) as k(key)
    where exists (select 1 from ${products} where ${products.shopId} = ${shopId} and ${named(sql`${products.images}`)})
       or exists (select 1 from ${products} where ${products.shopId} = ${shopId} and ${named(sql`${products.variants}`)})
       or exists (select 1 from ${shops} where ${shops.id} = ${shopId} and ${named(sql`coalesce(${shops.logo}, 'null'::jsonb)`)})
       or exists (select 1 from ${orders} where ${orders.shopId} = ${shopId} and ${named(sql`${orders.items}`)})
       or exists (select 1 from ${checkouts} where ${checkouts.shopId} = ${shopId} and ${named(sql`${checkouts.items}`)})`)
  return new Set(rows.map((row) => row.key))
}

/** Forgets the shop's uploads of `keys`, returning their files. */
export async function deleteShopUploads(db: Db, shopId: string, keys: string[]): Promise<UploadFiles[]> {
  if (keys.length === 0) return []
  return db
    .delete(uploads)
    .where(and(eq(uploads.shopId, shopId), inArray(uploads.key, keys)))
    .returning({
      key: uploads.key,
      thumbnailKey: uploads.thumbnailKey,
      width: uploads.width,
      height: uploads.height,
      variantWidths: uploads.variantWidths,
    })
}

/** Of `keys`, those some shop still has an upload of (the same bytes uploaded twice share a key). */
export async function keysStillUploaded(db: Db, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set()
  const rows = await db.selectDistinct({ key: uploads.key }).from(uploads).where(inArray(uploads.key, keys))
  return new Set(rows.map((row) => row.key))
}
