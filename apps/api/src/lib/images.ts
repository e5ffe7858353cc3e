/**
 * Image processing with sharp: the type is read from the bytes (not the name), the original is bounded
 * and re-encoded (which also drops metadata such as GPS), and a small WebP thumbnail is made.
 */
import { createHash } from 'node:crypto'
import sharp, { type Metadata } from 'sharp'
import { BadRequest } from './errors'
import type { Storage } from './storage'

const accepted = new Map([
  ['jpeg', 'image/jpeg'],
  ['png', 'image/png'],
  ['webp', 'image/webp'],
  ['heif', 'image/avif'],
])
const MAX_SIDE = 2000
const THUMB_SIDE = 400

export type StoredImage = {
  url: string
  thumbnail: string
  key: string
  thumbnailKey: string
  contentType: string
  size: number
  width: number
  height: number
}

const notAnImage = () =>
  BadRequest('The file is not a supported image', [{ path: 'file', message: 'must be a JPEG, PNG, WebP or AVIF image' }])

/** Decodes, bounds and re-encodes; any decoding failure is the client's file, so a 400. */
async function encode(input: Buffer) {
  let metadata: Metadata
  try {
    metadata = await sharp(input).metadata()
  } catch {
    throw notAnImage()
  }
  // HEIF covers both AVIF (AV1) and HEIC; only AVIF is accepted.
  if (!metadata.format || !accepted.has(metadata.format)) throw notAnImage()
  if (metadata.format === 'heif' && metadata.compression !== 'av1') throw notAnImage()
  try {
    const image = sharp(input, { limitInputPixels: 50_000_000 }).rotate()
    const original = await image
      .clone()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 85 })
      .toBuffer({ resolveWithObject: true })
    const thumbnail = await image
      .clone()
      .resize({ width: THUMB_SIDE, height: THUMB_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 75 })
      .toBuffer()
    return { original, thumbnail }
  } catch {
    throw BadRequest('The image could not be read', [{ path: 'file', message: 'must be a valid JPEG, PNG, WebP or AVIF image' }])
  }
}

export async function storeImage(storage: Storage, input: Buffer): Promise<StoredImage> {
  const { original, thumbnail } = await encode(input)
  const hash = createHash('sha256').update(original.data).digest('hex').slice(0, 32)
  const key = `${hash.slice(0, 2)}/${hash}.webp`
  const thumbnailKey = `${hash.slice(0, 2)}/${hash}-thumb.webp`
  await storage.put(key, original.data, 'image/webp')
  await storage.put(thumbnailKey, thumbnail, 'image/webp')
  return {
    url: storage.publicUrl(key),
    thumbnail: storage.publicUrl(thumbnailKey),
    key,
    thumbnailKey,
    contentType: 'image/webp',
    size: original.info.size,
    width: original.info.width,
    height: original.info.height,
  }
}
