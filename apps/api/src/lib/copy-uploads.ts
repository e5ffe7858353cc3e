/**
 * Copies the files of a local uploads directory into a storage (a bucket), keeping their keys, so a
 * platform moving to object storage keeps every image URL it has handed out (`/uploads/{key}` is sent
 * on to the same key in the bucket). Keys are content hashes: copying again rewrites the same bytes.
 */
import fs from 'node:fs/promises'
import path from 'node:path'
import type { Storage } from './storage'

const contentTypes: Record<string, string> = {
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.avif': 'image/avif',
}

export const contentTypeOf = (key: string) => contentTypes[path.extname(key).toLowerCase()] ?? 'application/octet-stream'

/** Copies every file under `from` (a few at a time), telling `onFile` each key copied; returns how many. */
export async function copyUploads(from: string, to: Storage, onFile: (key: string) => void = () => {}): Promise<number> {
  const entries = await fs.readdir(from, { recursive: true, withFileTypes: true })
  const keys = entries
    .filter((entry) => entry.isFile() && !entry.name.startsWith('.'))
    .map((entry) => path.relative(from, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort()
  let next = 0
  const copyNext = async (): Promise<void> => {
    const key = keys[next++]
    if (key === undefined) return
    await to.put(key, await fs.readFile(path.join(from, key)), contentTypeOf(key))
    onFile(key)
    return copyNext()
  }
  await Promise.all(Array.from({ length: 8 }, copyNext))
  return keys.length
}
