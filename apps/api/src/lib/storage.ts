/**
 * Where uploaded files live: local disk under `{dataDir}/uploads` by default, or an S3-compatible bucket
 * (lib/s3-storage.ts) when S3_BUCKET is set (lib/open-storage.ts picks). Keys are content-addressed, so a URL never changes meaning and
 * can be cached forever.
 */
import fs from 'node:fs/promises'
import path from 'node:path'

export type Storage = {
  /** Stores `data` under `key`, served as `contentType` and cached for good. */
  put(key: string, data: Buffer, contentType: string): Promise<void>
  /** Removes the files under `keys`; one already gone is no error. */
  remove(keys: string[]): Promise<void>
  /** Absolute path of the local files (served by @fastify/static at /uploads/); null when they live in a bucket. */
  root: string | null
  publicUrl(key: string): string
  /** The key a URL of this storage names (or a `/uploads/` URL from before a move to a bucket); null for any other URL. */
  keyOf(url: string): string | null
}

export const UPLOADS_PREFIX = '/uploads/'

/** How long browsers and CDNs keep a stored file: keys are content hashes, so for good. */
export const CACHE_FOREVER = 'public, max-age=31536000, immutable'

/** A key is a relative path of plain segments: no `..`, no leading slash, no backslash. */
export function isSafeKey(key: string): boolean {
  return /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/.test(key) && !key.split('/').includes('..')
}

/** The key after one of `prefixes` (the storage's own URL base first), when it is a safe key. */
export function keyAfter(url: string, prefixes: string[]): string | null {
  const prefix = prefixes.find((candidate) => url.startsWith(candidate))
  if (prefix === undefined) return null
  const key = url.slice(prefix.length)
  return isSafeKey(key) ? key : null
}

/** Files on this machine's disk, served at /uploads/ (or at ASSET_BASE_URL, a CDN pulling from there). */
export function localStorage(dataDir: string, assetBaseUrl: string | null = null): Storage {
  const root = path.join(dataDir, 'uploads')
  const base = assetBaseUrl ? `${assetBaseUrl}/` : UPLOADS_PREFIX
  const fileOf = (key: string) => {
    const file = path.join(root, key)
    if (!isSafeKey(key) || !file.startsWith(root + path.sep)) throw new Error('invalid storage key')
    return file
  }
  return {
    root,
    async put(key, data) {
      const file = fileOf(key)
      await fs.mkdir(path.dirname(file), { recursive: true })
      await fs.writeFile(file, data)
    },
    async remove(keys) {
      await Promise.all(keys.map((key) => fs.rm(fileOf(key), { force: true })))
    },
    publicUrl: (key) => `${base}${key}`,
    keyOf: (url) => keyAfter(url, [base, UPLOADS_PREFIX]),
  }
}
