/** The only SQL for uploads. */
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { products, shops, uploads } from '../../db/schema'

export type UploadRow = typeof uploads.$inferSelect
export type UploadInsert = typeof uploads.$inferInsert
/** What other modules need of an upload to point at it. */
export type UploadFiles = Pick<UploadRow, 'key' | 'thumbnailKey' | 'width' | 'height' | 'variantWidths'>

export async function insertUpload(db: Db, values: UploadInsert): Promise<UploadRow> {
  const [row] = await db.insert(uploads).values(values).returning()
  return row!
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

/** Whether the shop shows the image at `url`: as a product's picture or as its logo. */
export async function isImageInUse(db: Db, shopId: string, url: string): Promise<boolean> {
  const image = JSON.stringify([{ url }])
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.shopId, shopId), sql`${products.images} @> ${image}::jsonb`))
    .limit(1)
  if (product) return true
  const [logo] = await db
    .select({ id: shops.id })
    .from(shops)
    .where(and(eq(shops.id, shopId), sql`${shops.logo}->>'url' = ${url}`))
  return !!logo
}

/** Deletes the row; answers how many uploads (of any shop) still hold the same stored files. */
export async function deleteUploadRow(db: Db, row: Pick<UploadRow, 'id' | 'key'>): Promise<number> {
  await db.delete(uploads).where(eq(uploads.id, row.id))
  const [left] = await db.select({ count: sql<number>`count(*)::int` }).from(uploads).where(eq(uploads.key, row.key))
  return left?.count ?? 0
}
