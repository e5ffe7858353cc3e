/** The answer to an image upload: the stored image, its thumbnail and its size. */
import { type Static, Type } from 'typebox'

export const UploadResponse = Type.Object({
  _id: Type.String(),
  url: Type.String(),
  thumbnail: Type.String(),
  width: Type.Integer(),
  height: Type.Integer(),
})
export type UploadedImage = Static<typeof UploadResponse>
