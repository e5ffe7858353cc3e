/** The answer to an image upload: the stored image, its thumbnail, its size and the sizes made from it. */
import { type Static, Type } from 'typebox'

/** One width of an uploaded image in both modern formats, for `srcset` (never wider than the original). */
export const ImageVariant = Type.Object({ width: Type.Integer(), avif: Type.String(), webp: Type.String() })
export type ImageVariant = Static<typeof ImageVariant>

/** A square icon made from an upload (a shop's logo as the installed app's icon), `size` pixels a side. */
export const ImageIcon = Type.Object({ size: Type.Integer(), url: Type.String() })
export type ImageIcon = Static<typeof ImageIcon>

/**
 * What an image answer adds to its URLs when the upload has its sizes: the original's width and height (for
 * `width`/`height` attributes) and its variants. Images uploaded before variants existed have neither.
 */
export const imageSizeFields = {
  width: Type.Optional(Type.Integer()),
  height: Type.Optional(Type.Integer()),
  variants: Type.Optional(Type.Array(ImageVariant)),
}
/**
 * The URL of a file this platform stored, as an upload answered it: `/uploads/{key}` on the platform's own
 * host, or `{base}/{key}` on a bucket or CDN (ASSET_BASE_URL). Plain path segments only: no `..`, query or
 * credentials. The service checks each one against the shop's uploads.
 */
export const StoredFileUrl = Type.String({
  pattern: '^(?:/uploads|https?://[A-Za-z0-9.-]+(?::[0-9]{1,5})?(?:/[A-Za-z0-9_-][A-Za-z0-9_.-]*)*)/[A-Za-z0-9][A-Za-z0-9_-]*(?:/[A-Za-z0-9][A-Za-z0-9_.-]*)*$',
  maxLength: 300,
  description: 'an image uploaded to this shop',
})

export const UploadResponse = Type.Object({
  _id: Type.String(),
  url: Type.String(),
  thumbnail: Type.String(),
  width: Type.Integer(),
  height: Type.Integer(),
  variants: Type.Array(ImageVariant),
  icons: Type.Array(ImageIcon),
})
export type UploadedImage = Static<typeof UploadResponse>
