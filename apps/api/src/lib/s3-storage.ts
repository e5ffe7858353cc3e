/**
 * Uploads in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, Backblaze B2). Every object is written
 * with its content type and a cache-forever header, so a CDN at ASSET_BASE_URL (or the bucket's own
 * public URL) serves it without asking again.
 */
import { DeleteObjectsCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3'
import type { S3Settings } from '../config'
import { CACHE_FOREVER, type Storage, UPLOADS_PREFIX, isSafeKey, keyAfter } from './storage'

/** Where the bucket's objects are read when no CDN is named: path style, a virtual host, or AWS's own host. */
export function bucketUrl(settings: S3Settings): string {
  if (!settings.endpoint) return `https://${settings.bucket}.s3.${settings.region}.amazonaws.com`
  const endpoint = new URL(settings.endpoint)
  if (settings.forcePathStyle) return `${endpoint.origin}/${settings.bucket}`
  return `${endpoint.protocol}//${settings.bucket}.${endpoint.host}`
}

/** S3's DeleteObjects takes at most 1,000 keys a call. */
const DELETE_BATCH = 1000

export function s3Storage(settings: S3Settings, assetBaseUrl: string | null): Storage {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint ?? undefined,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials ?? undefined,
  })
  const base = `${assetBaseUrl ?? bucketUrl(settings)}/`
  const checked = (key: string) => {
    if (!isSafeKey(key)) throw new Error('invalid storage key')
    return key
  }
  return {
    root: null,
    async put(key, data, contentType) {
      await client.send(
        new PutObjectCommand({ Bucket: settings.bucket, Key: checked(key), Body: data, ContentType: contentType, CacheControl: CACHE_FOREVER }),
      )
    },
    async remove(keys) {
      for (let start = 0; start < keys.length; start += DELETE_BATCH) {
        const batch = keys.slice(start, start + DELETE_BATCH).map((key) => ({ Key: checked(key) }))
        const result = await client.send(new DeleteObjectsCommand({ Bucket: settings.bucket, Delete: { Objects: batch, Quiet: true } }))
        const failed = (result.Errors ?? []).filter((error) => error.Code !== 'NoSuchKey')
        if (failed.length) throw new Error(`the bucket refused to delete ${failed.map((error) => `${error.Key} (${error.Code})`).join(', ')}`)
      }
    },
    publicUrl: (key) => `${base}${key}`,
    keyOf: (url) => keyAfter(url, [base, UPLOADS_PREFIX]),
  }
}
