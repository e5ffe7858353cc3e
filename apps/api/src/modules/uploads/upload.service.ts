/**
 * Image uploads: staff send one file; its type is read from the bytes, sharp stores a bounded original and
 * a thumbnail, and a row in `uploads` remembers it for the shop (product images and logos may only point
 * at those: `findShopUploads`).
 */
import type { UploadedImage as UploadDto } from '@shop/domain/schemas/uploads'
import type { ServiceContext } from '../../context'
import { BadRequest } from '../../lib/errors'
import { storeImage } from '../../lib/images'
import type { Storage } from '../../lib/storage'
import { type UploadRow, deleteShopUploads, findUploadsByKey, insertUpload, keysInUse, keysStillUploaded } from './upload.repository'

/**
 * The file to store. Its bytes are read only once the caller is known to be allowed to upload, so a
 * stranger's body is never read (the route reads it from the multipart body; a script hands a buffer).
 */
export type UploadSource = { read(): Promise<Buffer> }

export const bufferSource = (buffer: Buffer): UploadSource => ({ read: async () => buffer })

export function uploadDto(row: UploadRow, storage: Storage): UploadDto {
  return {
    _id: row.id,
    url: storage.publicUrl(row.key),
    thumbnail: storage.publicUrl(row.thumbnailKey),
    width: row.width,
    height: row.height,
  }
}

export async function uploadImage(ctx: ServiceContext, input: { shopId: string; file: UploadSource }): Promise<UploadDto> {
  await ctx.actor.authorize(input.shopId, 'catalog.edit')
  const buffer = await input.file.read()
  if (buffer.length === 0) throw BadRequest('Invalid body: file is empty', [{ path: 'file', message: 'is empty' }])
  const image = await storeImage(ctx.storage, buffer, ctx.imageLimiter)
  const row = await insertUpload(ctx.db, {
    shopId: input.shopId,
    key: image.key,
    thumbnailKey: image.thumbnailKey,
    contentType: image.contentType,
    size: image.size,
    width: image.width,
    height: image.height,
    createdBy: ctx.actor.user?.id ?? null,
    createdAt: ctx.clock.now(),
  })
  return uploadDto(row, ctx.storage)
}

/** For other modules: the shop's uploads stored under any of `keys` (original images, not thumbnails). */
export async function findShopUploads(ctx: ServiceContext, shopId: string, keys: string[]): Promise<{ key: string; thumbnailKey: string }[]> {
  return findUploadsByKey(ctx.db, shopId, keys)
}

/**
 * Called after a write took images off a product (or deleted it): the shop's uploads of those images that
 * nothing of the shop shows any more (no product, logo, order or checkout) are forgotten, and their files
 * removed from storage unless another shop uploaded the same bytes. A storage failure leaves files behind
 * (logged), never fails the write that is already done.
 */
export async function releaseImages(ctx: ServiceContext, shopId: string, urls: string[]): Promise<void> {
  const keys = [...new Set(urls.map((url) => ctx.storage.keyOf(url)).filter((key) => key !== null))]
  if (keys.length === 0) return
  const files = await ctx.db.transaction(async (tx) => {
    const used = await keysInUse(tx, shopId, keys)
    const released = await deleteShopUploads(tx, shopId, keys.filter((key) => !used.has(key)))
    const elsewhere = await keysStillUploaded(tx, released.map((upload) => upload.key))
    return released.filter((upload) => !elsewhere.has(upload.key)).flatMap((upload) => [upload.key, upload.thumbnailKey])
  })
  try {
    await ctx.storage.remove(files)
  } catch (error) {
    ctx.log.error({ err: error, files }, 'removing released images from storage failed; the files stay')
  }
}
