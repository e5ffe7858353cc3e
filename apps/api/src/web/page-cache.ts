/**
 * The server's cache of anonymous shop pages (docs/decisions/0040-compression-and-caching.md).
 *
 * Server renders carry no user (the token lives in the browser), so a public page is the same for every
 * visitor of a shop until something it shows changes; the shop's `page_version` changes with it (database
 * triggers, migration 0010), and it is part of the key, so an edit is on the very next load. Entries also
 * expire after `ttlMs`, which bounds what the triggers leave out (stock taken by orders). The least
 * recently used entries go first once the bodies together pass `maxBytes`.
 *
 * A body is kept as UTF-8 bytes outside the JavaScript heap (a page as a string holds two bytes per
 * character as soon as one is not Latin-1, as "₵" is), cut where the content security policy nonce it was
 * rendered with stood: each answer from the cache puts a fresh one there.
 */

/** The catalogue pages anyone sees alike; their React Router data requests (`….data`) too. */
const PUBLIC_PAGE = /^\/(?:products(?:\/[^/]+)?|about|reviews|terms|privacy)?\/?$/

/** Whether `pathname` is a public page of a shop (account, admin, checkout and order pages are not). */
export function isPublicPage(pathname: string): boolean {
  const page = pathname.endsWith('.data') ? pathname.slice(0, -'.data'.length).replace(/^\/_root$/, '/') : pathname
  return PUBLIC_PAGE.test(page)
}

export type CachedPage = {
  status: number
  headers: [string, string][]
  /** The body in UTF-8, cut at the nonce its inline scripts carried (`cutAtNonce`). */
  parts: Buffer[]
}

export type PageCache = {
  get(key: string): CachedPage | undefined
  set(key: string, page: CachedPage): void
}

export function pageCacheKey(shop: { id: string; pageVersion: number }, host: string, url: string): string {
  return `${shop.id}\n${shop.pageVersion}\n${host}\n${url}`
}

/** A body's size in the cache. */
const sizeOf = (page: CachedPage) => page.parts.reduce((sum, part) => sum + part.length, 0)

export function createPageCache({
  maxBytes = 8 * 1024 * 1024,
  ttlMs = 10_000,
  now = Date.now,
}: { maxBytes?: number; ttlMs?: number; now?: () => number } = {}): PageCache {
  const entries = new Map<string, CachedPage & { bytes: number; expiresAt: number }>()
  let bytes = 0
  const forget = (key: string) => {
    bytes -= entries.get(key)?.bytes ?? 0
    entries.delete(key)
  }
  return {
    get(key) {
      const entry = entries.get(key)
      if (!entry) return undefined
      entries.delete(key)
      if (entry.expiresAt <= now()) {
        bytes -= entry.bytes
        return undefined
      }
      entries.set(key, entry)
      return entry
    },
    set(key, page) {
      forget(key)
      const size = sizeOf(page)
      if (size > maxBytes) return
      entries.set(key, { ...page, bytes: size, expiresAt: now() + ttlMs })
      bytes += size
      for (const oldest of entries.keys()) {
        if (bytes <= maxBytes) break
        forget(oldest)
      }
    },
  }
}

/** `body` cut at every occurrence of `nonce`, without copying: the parts are views of `body`. An empty nonce cuts nothing. */
export function cutAtNonce(body: Buffer, nonce: string): Buffer[] {
  if (nonce === '') return [body]
  const needle = Buffer.from(nonce)
  const parts: Buffer[] = []
  let from = 0
  for (let at = body.indexOf(needle); at !== -1; at = body.indexOf(needle, from)) {
    parts.push(body.subarray(from, at))
    from = at + needle.length
  }
  parts.push(body.subarray(from))
  return parts
}

/** The page as this answer sends it: the stored body with this answer's nonce. */
export function withNonce(page: CachedPage, nonce: string): Buffer {
  const fresh = Buffer.from(nonce)
  return Buffer.concat(page.parts.flatMap((part, i) => (i === 0 ? [part] : [fresh, part])))
}
