/**
 * The server's cache of anonymous shop pages (docs/decisions/0040-compression-and-caching.md).
 *
 * Server renders carry no user (the token lives in the browser), so a public page is the same for every
 * visitor of a shop until something it shows changes; the shop's `page_version` changes with it (database
 * triggers, migration 0010), and it is part of the key, so an edit is on the very next load. Entries also
 * expire after `ttlMs`, which bounds what the triggers leave out (stock taken by orders). The least
 * recently used entries go first past `maxEntries`.
 *
 * A page is stored with the content security policy nonce it was rendered with; each answer from the cache
 * gets a fresh one in its place.
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
  body: string
  /** The nonce the body's inline scripts carry. */
  nonce: string
}

export type PageCache = {
  get(key: string): CachedPage | undefined
  set(key: string, page: CachedPage): void
}

export function pageCacheKey(shop: { id: string; pageVersion: number }, host: string, url: string): string {
  return `${shop.id}\n${shop.pageVersion}\n${host}\n${url}`
}

export function createPageCache({
  maxEntries = 500,
  ttlMs = 10_000,
  now = Date.now,
}: { maxEntries?: number; ttlMs?: number; now?: () => number } = {}): PageCache {
  const entries = new Map<string, CachedPage & { expiresAt: number }>()
  return {
    get(key) {
      const entry = entries.get(key)
      if (!entry) return undefined
      entries.delete(key)
      if (entry.expiresAt <= now()) return undefined
      entries.set(key, entry)
      return entry
    },
    set(key, page) {
      entries.delete(key)
      entries.set(key, { ...page, expiresAt: now() + ttlMs })
      for (const oldest of entries.keys()) {
        if (entries.size <= maxEntries) break
        entries.delete(oldest)
      }
    },
  }
}

/** The page as this answer sends it: the stored body with this answer's nonce. */
export function withNonce(page: CachedPage, nonce: string): string {
  return page.body.replaceAll(page.nonce, nonce)
}
