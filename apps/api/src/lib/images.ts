/**
 * Image processing with sharp: the type is read from the bytes (not the name), the original is bounded
 * and re-encoded (which also drops metadata such as GPS), and a small WebP thumbnail is made, with the
 * widths pages pick from (`srcset`) in AVIF and WebP and two square icons (docs/decisions/0042).
 *
 * Decoding takes memory in proportion to the pixels, not the file size (a 200 KB PNG can hold 49 million
 * pixels, about 280 MB decoded), so images over MAX_INPUT_PIXELS are refused from their header before any
 * decoding, and decoding runs through a limiter so only a few images are decoded at once.
 */
import { createHash } from 'node:crypto'
import type { Metadata } from 'sharp'
import { BadRequest } from './errors'
import type { Limiter } from './limiter'
import { loadSharp } from './sharp'
import type { Storage } from './storage'

const accepted = new Map([
  ['jpeg', 'image/jpeg'],
  ['png', 'image/png'],
  ['webp', 'image/webp'],
  ['heif', 'image/avif'],
])
const MAX_SIDE = 2000
const THUMB_SIDE = 400
/** The widths a page may pick from: from a phone's grid cell to a wide screen's product picture. */
export const VARIANT_WIDTHS = [160, 320, 640, 960, 1280] as const
/** The sizes an installed app asks for (Android's home screen and splash screen). */
export const ICON_SIZES = [192, 512] as const
export const VARIANT_FORMATS = ['avif', 'webp'] as const
export type VariantFormat = (typeof VARIANT_FORMATS)[number]
/** 25 megapixels: more than any phone camera, about 100 MB decoded. */
export const MAX_INPUT_PIXELS = 25_000_000

export type StoredImage = {
  url: string
  thumbnail: string
  key: string
  thumbnailKey: string
  contentType: string
  size: number
  width: number
  height: number
  /** The widths made, each in every VARIANT_FORMATS; the icons are made with them. */
  variantWidths: number[]
}

/**
 * The widths made from an image `width` pixels wide: those of VARIANT_WIDTHS below it, and its own width
 * when that is not above the largest, so nothing is ever enlarged and the full size exists in both formats.
 */
export function variantWidthsFor(width: number): number[] {
  const below = VARIANT_WIDTHS.filter((w) => w < width)
  return width <= VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1]! ? [...below, width] : below
}

const stem = (key: string) => key.replace(/\.[a-z0-9]+$/, '')
export const variantKey = (key: string, width: number, format: VariantFormat) => `${stem(key)}-${width}.${format}`
export const iconKey = (key: string, size: number) => `${stem(key)}-icon-${size}.webp`

/** Every file stored for an upload: the original, the thumbnail, the variants and (with variants) the icons. */
export function storedKeys(upload: { key: string; thumbnailKey: string; variantWidths: number[] }): string[] {
  const { key, variantWidths } = upload
  const variants = variantWidths.flatMap((width) => VARIANT_FORMATS.map((format) => variantKey(key, width, format)))
  const icons = variantWidths.length ? ICON_SIZES.map((size) => iconKey(key, size)) : []
  return [key, upload.thumbnailKey, ...variants, ...icons]
}

const CONTENT_TYPES: Record<VariantFormat, string> = { avif: 'image/avif', webp: 'image/webp' }

const notAnImage = () =>
  BadRequest('The file is not a supported image', [{ path: 'file', message: 'must be a JPEG, PNG, WebP or AVIF image' }])

const tooManyPixels = (width: number, height: number) =>
  BadRequest(`The image is too large: at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels`, [
    { path: 'file', message: `must have at most ${MAX_INPUT_PIXELS / 1_000_000} million pixels (this one is ${width} × ${height})` },
  ])

/** Reads the header only (no pixels): the type and the dimensions. */
async function readHeader(input: Buffer): Promise<Metadata> {
  const sharp = await loadSharp()
  let metadata: Metadata
  try {
    // Only the header is read here; the pixel count is checked below with a clear message.
    metadata = await sharp(input, { limitInputPixels: false }).metadata()
  } catch {
    throw notAnImage()
  }
  // HEIF covers both AVIF (AV1) and HEIC; only AVIF is accepted.
  if (!accepted.has(metadata.format)) throw notAnImage()
  if (metadata.format === 'heif' && metadata.compression !== 'av1') throw notAnImage()
  const { width, height } = metadata
  if (width * height > MAX_INPUT_PIXELS) throw tooManyPixels(width, height)
  return metadata
}

/** Decodes, bounds and re-encodes; any decoding failure is the client's file, so a 400. */
async function encode(input: Buffer) {
  const sharp = await loadSharp()
  try {
    // sharp refuses on its own too, should a header ever understate the pixels.
    const image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).rotate()
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
    const widths = variantWidthsFor(original.info.width)
    const resized = (width: number) => image.clone().resize({ width, withoutEnlargement: true })
    // AVIF at effort 2: about a third of effort 4's encoding time for under 10 % more bytes.
    const variants = await Promise.all(
      widths.flatMap((width) => [
        resized(width).avif({ quality: 45, effort: 2 }).toBuffer().then((data) => ({ width, format: 'avif' as const, data })),
        resized(width).webp({ quality: 75 }).toBuffer().then((data) => ({ width, format: 'webp' as const, data })),
      ]),
    )
    // The whole image on a transparent square, as launchers expect app icons.
    const transparent = { r: 0, g: 0, b: 0, alpha: 0 }
    const icons = await Promise.all(
      ICON_SIZES.map(async (size) => ({
        size,
        data: await image.clone().resize({ width: size, height: size, fit: 'contain', background: transparent }).webp({ quality: 85 }).toBuffer(),
      })),
    )
    return { original, thumbnail, widths, variants, icons }
  } catch {
    throw BadRequest('The image could not be read', [{ path: 'file', message: 'must be a valid JPEG, PNG, WebP or AVIF image' }])
  }
}

/** Runs every task at once: for callers that bound their own concurrency (the demo seed). */
const unlimited: Pick<Limiter, 'run'> = { run: (task) => task() }

/** Checks, decodes and stores an image; `limiter` bounds how many are decoded at once across callers. */
export async function storeImage(storage: Storage, input: Buffer, limiter: Pick<Limiter, 'run'> = unlimited): Promise<StoredImage> {
  await readHeader(input)
  const { original, thumbnail, widths, variants, icons } = await limiter.run(() => encode(input))
  const hash = createHash('sha256').update(original.data).digest('hex').slice(0, 32)
  const key = `${hash.slice(0, 2)}/${hash}.webp`
  const thumbnailKey = `${hash.slice(0, 2)}/${hash}-thumb.webp`
  await Promise.all([
    storage.put(key, original.data, 'image/webp'),
    storage.put(thumbnailKey, thumbnail, 'image/webp'),
    ...variants.map((variant) => storage.put(variantKey(key, variant.width, variant.format), variant.data, CONTENT_TYPES[variant.format])),
    ...icons.map((icon) => storage.put(iconKey(key, icon.size), icon.data, 'image/webp')),
  ])
  return {
    url: storage.publicUrl(key),
    thumbnail: storage.publicUrl(thumbnailKey),
    key,
    thumbnailKey,
    contentType: 'image/webp',
    size: original.info.size,
    width: original.info.width,
    height: original.info.height,
    variantWidths: widths,
  }
}
