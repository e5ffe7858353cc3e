import type { UploadedImage } from '@shop/domain/schemas/uploads'
import type { ErrorDocument } from '@shop/domain/schemas/wire'
import { ApiError } from '../../lib/api'
import { readStored } from '../../lib/local-store'
import { shrinkImage } from '../../lib/shrink-image'

/**
 * Uploads one image as multipart, reporting progress (0–1) as it goes, first made smaller in the browser
 * (`shrinkImage`: at most 2000 px, WebP or JPEG) when it is large. XMLHttpRequest rather than the API
 * client's fetch: only it reports upload progress. It sends the same stored token, and failures are
 * `ApiError`s like every other call's. Browser only.
 */
export async function uploadImage(
  shop: string,
  original: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<UploadedImage> {
  const file = await shrinkImage(original)
  if (signal?.aborted) throw new ApiError('Request aborted', null)
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest()
    request.open('POST', `/api/uploads?shop=${encodeURIComponent(shop)}`)
    request.withCredentials = true
    request.setRequestHeader('accept', 'application/json')
    const credentials = readStored('authCredentials')
    if (credentials) request.setRequestHeader('authorization', `${credentials.token_type} ${credentials.access_token}`)

    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total)
    }
    request.onload = () => {
      let body: unknown = null
      try {
        body = JSON.parse(request.responseText)
      } catch {
        // Not JSON: reported with the status below.
      }
      if (request.status >= 200 && request.status <= 299) {
        onProgress(1)
        resolve(body as UploadedImage)
      } else {
        const feathers = body && typeof body === 'object' && 'message' in body ? (body as ErrorDocument) : null
        reject(new ApiError(`Request failed with status code ${request.status}`, request.status, feathers))
      }
    }
    request.onerror = () => reject(new ApiError('Network Error', null))
    request.onabort = () => reject(new ApiError('Request aborted', null))
    signal?.addEventListener('abort', () => request.abort(), { once: true })

    const form = new FormData()
    form.append('file', file)
    request.send(form)
  })
}
