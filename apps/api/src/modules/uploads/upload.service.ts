/**
 * Image uploads: staff send one file; its type is read from the bytes, sharp stores a bounded original, a
 * thumbnail and the widths pages pick from, and a row in `uploads` remembers it for the shop (product images
 * and logos may only point at those: `findShopUploads`). Deleting an upload removes every file made from it.
 */
import type { ImageIcon, ImageVariant, UploadedImage as UploadDto } from '@shop/domain/schemas/uploads'
import type { ServiceContext } from '../../context'
import { BadRequest, Conflict, NotFound } from '../../lib/errors'
import { ICON_SIZES, iconKey, storeImage, storedKeys, variantKey } from '../../lib/images'
import type { Storage } from '../../lib/storage'
import {
  type UploadFiles,
  deleteShopUploads,
  deleteUploadRow,
  findUpload,
  findUploadsByKey,
  insertUpload,
  keysInUse,
  keysStillUploaded,
} from './upload.repository'

export type { UploadFiles }

/**
 * The file to store. Its bytes are read only once the caller is known to be allowed to upload, so a
 * stranger's body is never read (the route reads it from the multipart body; a script hands a buffer).
 */
export type UploadSource = { read(): Promise<Buffer> }

export const bufferSource = (buffer: Buffer): UploadSource => ({ read: async () => buffer })

/** The variants' URLs, narrowest first (none for an upload made before variants). */
export function imageVariants(upload: UploadFiles, storage: Storage): ImageVariant[] {
  return upload.variantWidths.map((width) => ({
    width,
    avif: storage.publicUrl(variantKey(upload.key, width, 'avif')),
    webp: storage.publicUrl(variantKey(upload.key, width, 'webp')),
  }))
}

/** The square icons' URLs, smallest first (none for an upload made before variants). */
export function imageIcons(upload: UploadFiles, storage: Storage): ImageIcon[] {
  if (upload.variantWidths.length === 0) return []
  return ICON_SIZES.map((size) => ({ size, url: storage.publicUrl(iconKey(upload.key, size)) }))
}

/**
 * How a product or a logo keeps a stored upload: its URLs, and its size and variants when it has them
 * (an older upload keeps only its URLs, and pages show its original).
 */
export function imageRef(upload: UploadFiles, storage: Storage) {
  const base = { url: storage.publicUrl(upload.key), thumbnail: storage.publicUrl(upload.thumbnailKey) }
  if (upload.variantWidths.length === 0) return base
  return { ...base, width: upload.width, height: upload.height, variants: imageVariants(upload, storage) }
}

export function uploadDto(row: UploadFiles & { id: string }, storage: Storage): UploadDto {
  return {
    _id: row.id,
    url: storage.publicUrl(row.key),
    thumbnail: storage.publicUrl(row.thumbnailKey),
    width: row.width,
    height: row.height,
    variants: imageVariants(row, storage),
    icons: imageIcons(row, storage),
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
    variantWidths: image.variantWidths,
    createdBy: ctx.actor.user?.id ?? null,
    createdAt: ctx.clock.now(),
  })
  return uploadDto(row, ctx.storage)
}

/**
 * Deletes an upload the shop no longer shows, and its files (original, thumbnail, variants, icons) unless
 * another upload holds the same picture: keys are content hashes, so two shops uploading the same file
 * share them. An image still on a product or as the logo is refused (409), so no page loses a picture.
 */
export async function deleteUpload(ctx: ServiceContext, id: string): Promise<UploadDto> {
  const row = await findUpload(ctx.db, id)
  if (!row) throw NotFound('No such upload')
  await ctx.actor.authorize(row.shopId, 'catalog.edit')
  if ((await keysInUse(ctx.db, row.shopId, [row.key])).size > 0) {
    throw Conflict('The image is still shown: remove it from its products and the logo first')
  }
  await deleteUploadRow(ctx.db, row.id)
  if (!(await keysStillUploaded(ctx.db, [row.key])).has(row.key)) await ctx.storage.remove(storedKeys(row))
  return uploadDto(row, ctx.storage)
}

/** For other modules: the shop's uploads stored under any of `keys` (original images, not thumbnails). */
export async function findShopUploads(ctx: ServiceContext, shopId: string, keys: string[]): Promise<UploadFiles[]> {
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
    return released.filter((upload) => !elsewhere.has(upload.key)).flatMap(storedKeys)
  })
  try {
    await ctx.storage.remove(files)
  } catch (error) {
    ctx.log.error({ err: error, files }, 'removing released images from storage failed; the files stay')
  }
}
