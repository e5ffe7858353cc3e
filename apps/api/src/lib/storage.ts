/**
 * Where uploaded files live. Local disk under `{dataDir}/uploads` by default; another backend (S3 and the
 * like) implements the same calls. Keys are content-addressed, so a URL never changes meaning and
 * can be cached forever.
 */
import fs from 'node:fs/promises'
import path from 'node:path'

export type Storage = {
  put(key: string, data: Buffer, contentType: string): Promise<void>
  /** Removes the file; a key with no file is not an error. */
  delete(key: string): Promise<void>
  /** Absolute path for local files (served by @fastify/static). */
  root: string
  publicUrl(key: string): string
}

export const UPLOADS_PREFIX = '/uploads/'

export function localStorage(dataDir: string): Storage {
  const root = path.join(dataDir, 'uploads')
  const fileOf = (key: string) => {
    const file = path.join(root, key)
    if (!file.startsWith(root + path.sep)) throw new Error('invalid storage key')
    return file
  }
  return {
    root,
    async put(key, data) {
      const file = fileOf(key)
      await fs.mkdir(path.dirname(file), { recursive: true })
      await fs.writeFile(file, data)
    },
    async delete(key) {
      await fs.rm(fileOf(key), { force: true })
    },
    publicUrl: (key) => `${UPLOADS_PREFIX}${key}`,
  }
}
