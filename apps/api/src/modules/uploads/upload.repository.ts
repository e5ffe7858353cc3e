/** The only SQL for uploads. */
import { and, eq, inArray } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { uploads } from '../../db/schema'

export type UploadRow = typeof uploads.$inferSelect
export type UploadInsert = typeof uploads.$inferInsert

export async function insertUpload(db: Db, values: UploadInsert): Promise<UploadRow> {
  const [row] = await db.insert(uploads).values(values).returning()
  return row!
}

/** The shop's uploads stored under any of `keys` (original images, not thumbnails). */
export async function findUploadsByKey(db: Db, shopId: string, keys: string[]) {
  if (keys.length === 0) return []
  return db
    .select({ key: uploads.key, thumbnailKey: uploads.thumbnailKey })
    .from(uploads)
    .where(and(eq(uploads.shopId, shopId), inArray(uploads.key, keys)))
}
