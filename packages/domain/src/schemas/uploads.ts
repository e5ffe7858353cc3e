/** The answer to an image upload: the stored image, its thumbnail and its size. */
import { type Static, Type } from 'typebox'

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
})
export type UploadedImage = Static<typeof UploadResponse>
