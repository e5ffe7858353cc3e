/**
 * Pictures are made smaller in the browser before they are uploaded, so a phone photo of 12 MB or 48 MP
 * uploads as a few hundred kilobytes over a slow network and stays within the server's limits (decision 86).
 * Browser only.
 */

/** The longest side of a picture as uploaded, in pixels; the storefront shows it at most 1280 wide. */
export const LONGEST_SIDE = 2000
/** A picture this small in bytes and in size is sent as it is: re-encoding would only lose detail. */
export const KEEP_BYTES = 1024 * 1024
/** WebP (or JPEG where the browser cannot write WebP) at this quality: a 2000 px photo is 200–600 KB. */
export const QUALITY = 0.82

/** The size a picture of `width` × `height` is shrunk to: its longest side at most LONGEST_SIDE. */
export function shrunkSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, LONGEST_SIDE / Math.max(width, height))
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) }
}

/** The file's name with the extension of `type` ("IMG_0042.HEIC" → "IMG_0042.webp"). */
export function renamed(name: string, type: string): string {
  const extension = type === 'image/webp' ? 'webp' : 'jpg'
  const base = name.replace(/\.[^./\\]*$/, '') || 'photo'
  return `${base}.${extension}`
}

/** Decodes the picture, upright: the browser applies the photo's orientation to the image's size and drawing. */
async function decode(file: Blob): Promise<HTMLImageElement> {
  const url = URL.createObjectURL(file)
  try {
    const image = new Image()
    image.decoding = 'async'
    image.src = url
    await image.decode()
    return image
  } finally {
    URL.revokeObjectURL(url)
  }
}

/** Files this module made: handed back as they are when asked again (the editor previews, then uploads). */
const made = new WeakSet<File>()

function encode(canvas: HTMLCanvasElement, type: string): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, QUALITY))
}

/**
 * The picture to upload: the file itself when it is already small (at most LONGEST_SIDE and KEEP_BYTES) or
 * when the browser cannot decode or re-encode it (the server's limits then answer as before), otherwise a
 * WebP (or JPEG) of at most LONGEST_SIDE on its longest side, upright.
 */
export async function shrinkImage(file: File): Promise<File> {
  if (made.has(file) || typeof document === 'undefined' || !file.type.startsWith('image/') || file.type === 'image/gif' || file.type === 'image/svg+xml') return file
  try {
    const image = await decode(file)
    const { naturalWidth, naturalHeight } = image
    if (!naturalWidth || !naturalHeight) return file
    const size = shrunkSize(naturalWidth, naturalHeight)
    if (size.width === naturalWidth && size.height === naturalHeight && file.size <= KEEP_BYTES) return file

    const canvas = document.createElement('canvas')
    canvas.width = size.width
    canvas.height = size.height
    const context = canvas.getContext('2d')
    if (!context) return file
    context.imageSmoothingEnabled = true
    context.imageSmoothingQuality = 'high'
    context.drawImage(image, 0, 0, size.width, size.height)
    let blob = await encode(canvas, 'image/webp')
    if (blob?.type !== 'image/webp') {
      // JPEG has no transparency: a logo's clear background becomes white rather than black.
      context.globalCompositeOperation = 'destination-over'
      context.fillStyle = '#fff'
      context.fillRect(0, 0, size.width, size.height)
      blob = await encode(canvas, 'image/jpeg')
    }
    canvas.width = canvas.height = 0
    if (!blob || (blob.type !== 'image/webp' && blob.type !== 'image/jpeg')) return file
    // Already within the size and smaller as it was: keep the original.
    if (blob.size >= file.size && size.width === naturalWidth) return file
    const smaller = new File([blob], renamed(file.name, blob.type), { type: blob.type, lastModified: file.lastModified })
    made.add(smaller)
    return smaller
  } catch {
    return file
  }
}
