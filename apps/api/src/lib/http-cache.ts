/**
 * HTTP caching rules (docs/decisions/0040-compression-and-caching.md), as plain functions the plugins and
 * the page handler share.
 */
import { hash } from 'node:crypto'

/** Built files whose names carry a content hash: they never change under their name. */
export const IMMUTABLE = 'public, max-age=31536000, immutable'
/** Public API reads: any cache may keep them a little and serve them stale while it asks again. */
export const PUBLIC_READ = 'public, max-age=30, stale-while-revalidate=300'
/** A public read made with a token: the answer may hold what only that user sees. */
export const PRIVATE_READ = 'private, no-cache'
/**
 * Anonymous pages: shared caches (a CDN) may keep them 10 s; browsers ask again every time, so a staff
 * member sees an edit on the next load (the server's own page cache answers that in a millisecond).
 */
export const PUBLIC_PAGE = 'public, max-age=0, s-maxage=10'
/** Anything personal or secret, and every answer that says nothing else. */
export const NO_STORE = 'private, no-store'

/** A weak validator of a body: equal bodies, whatever their encoding on the wire, have the same tag. */
export function weakEtag(body: string | Buffer): string {
  return `W/"${hash('sha1', body, 'base64url')}"`
}

/** Whether `If-None-Match` names `etag` (weak comparison, RFC 9110 §13.1.2), or is `*`. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '')
  const wanted = opaque(etag)
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === wanted)
}

/** `vary` with `name` added once (case-insensitively). */
export function addVary(vary: string | undefined, name: string): string {
  const names = (vary ?? '').split(',').map((item) => item.trim()).filter(Boolean)
  if (names.includes('*') || names.some((item) => item.toLowerCase() === name.toLowerCase())) return names.join(', ')
  return [...names, name].join(', ')
}
