/**
 * Image uploads: staff send one file; its type is read from the bytes, sharp stores a bounded original, a
 * thumbnail and the widths pages pick from, and a row in `uploads` remembers it for the shop (product images
 * and logos may only point at those: `findShopUploads`) with the bytes of every file made from it (`size`).
 * Deleting an upload removes every file made from it. Uploads are limited per account and shop, and a
 * shop's pictures by a storage quota (docs/decisions/0054).
 */
import type { ImageIcon, ImageVariant, UploadedImage as UploadDto } from '@shop/domain/schemas/uploads'
import { type ServiceContext, inTransaction } from '../../context'
import { BadRequest, Conflict, NotFound } from '../../lib/errors'
import { ICON_SIZES, iconKey, storeImage, storedKeys, variantKey } from '../../lib/images'
import { takeOne } from '../../lib/limits'
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
  lockShopUploads,
  shopStoredBytes,
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

/**
 * Counts one upload of the caller's in the shop (UPLOADS_PER_ACCOUNT, per account and shop): each image
 * costs seconds of CPU, so one account cannot keep the decoders busy. 429 past it; lifted by RATE_LIMITS=off.
 */
async function limitUploads(ctx: ServiceContext, shopId: string): Promise<void> {
  const user = ctx.actor.user
  if (!user || !ctx.config.limits.enabled) return
  await takeOne(ctx.counters, `uploads:${shopId}:${user.id}`, ctx.config.uploadsPerAccount, 'Too many pictures uploaded from your account. Please wait a while and try again.')
}

const megabytes = (bytes: number) => String(Number((bytes / 1024 / 1024).toFixed(1)))

const storageFull = (used: number, quota: number) =>
  Conflict(`Your shop's picture storage is full (${megabytes(used)} of ${megabytes(quota)} MB used): delete pictures no product uses to make room.`)

/** 409 when the shop's pictures and `adding` bytes more would go past SHOP_STORAGE_QUOTA_MB. */
async function assertRoomFor(ctx: ServiceContext, shopId: string, adding: number): Promise<void> {
  const used = await shopStoredBytes(ctx.db, shopId)
  if (used + adding > ctx.config.shopStorageQuota) throw storageFull(used, ctx.config.shopStorageQuota)
}

/** A storage that adds up the bytes put through it: what an image costs with every copy made from it. */
function countingStorage(storage: Storage): { storage: Storage; bytes: () => number } {
  let bytes = 0
  return {
    storage: {
      ...storage,
      put: (key, data, contentType) => {
        bytes += data.length
        return storage.put(key, data, contentType)
      },
    },
    bytes: () => bytes,
  }
}

/** Removes a stored image's files unless an upload (of any shop) holds the same picture. */
async function removeUnkept(ctx: ServiceContext, image: UploadFiles): Promise<void> {
  if (!(await keysStillUploaded(ctx.db, [image.key])).has(image.key)) await ctx.storage.remove(storedKeys(image))
}

/**
 * Stores an image for the shop. Before the image is decoded: the caller's rate, and the shop's storage
 * quota with the file as sent standing in for what will be kept. After: the quota again with the bytes
 * stored, checked under the shop's upload lock in the insert's transaction, so uploads that arrive at once
 * cannot pass it together; one refused there leaves no files behind.
 */
export async function uploadImage(ctx: ServiceContext, input: { shopId: string; file: UploadSource }): Promise<UploadDto> {
  const { shopId } = input
  await ctx.actor.authorize(shopId, 'catalog.edit')
  await limitUploads(ctx, shopId)
  const buffer = await input.file.read()
  if (buffer.length === 0) throw BadRequest('Invalid body: file is empty', [{ path: 'file', message: 'is empty' }])
  await assertRoomFor(ctx, shopId, buffer.length)
  const counted = countingStorage(ctx.storage)
  const image = await storeImage(counted.storage, buffer, ctx.imageLimiter)
  try {
    const row = await inTransaction(ctx, async (tx) => {
      await lockShopUploads(tx.db, shopId)
      const used = await shopStoredBytes(tx.db, shopId)
      const row = await insertUpload(tx.db, {
        shopId,
        key: image.key,
        thumbnailKey: image.thumbnailKey,
        contentType: image.contentType,
        size: counted.bytes(),
        width: image.width,
        height: image.height,
        variantWidths: image.variantWidths,
        createdBy: ctx.actor.user?.id ?? null,
        createdAt: ctx.clock.now(),
      })
      if ((await shopStoredBytes(tx.db, shopId)) > ctx.config.shopStorageQuota) throw storageFull(used, ctx.config.shopStorageQuota)
      return row
    })
    return uploadDto(row, ctx.storage)
  } catch (error) {
    await removeUnkept(ctx, image).catch((removal: unknown) => ctx.log.error({ err: removal, key: image.key }, 'removing a refused upload from storage failed; the files stay'))
    throw error
  }
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
