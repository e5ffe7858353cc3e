/**
 * docs/product.md §7 analytics: on page load with a shop, post `site_visit` with the stored tracking id. A missing or
 * expired id is renewed first; a failed post is retried once with a new id (docs/product.md §8). Staff are not
 * visitors of their own shop: the dashboard's pages never post a visit, nor does a logged-in user with a
 * staff role in the shop (the API drops such a visit as well).
 */
import type { TrackingId } from '@shop/domain/schemas/analytics'
import { api } from './api'
import { readStored, writeStored } from './local-store'
import { createTrackingId } from '../api/analytics/create-tracking-id'
import { type AnalyticsEvent, postEvent } from '../api/analytics/post-event'
import { getRole } from '../api/staff/get-role'

type Stored = { trackingId: string; expires: number }

export type TrackingDeps = {
  createTrackingId: () => Promise<TrackingId>
  postEvent: (trackingId: string, event: AnalyticsEvent) => Promise<void>
  read: () => Stored | null
  write: (value: Stored) => void
  now: () => number
  /** Whether the logged-in user has a staff role in the shop; false when logged out. */
  isStaff: (shopId: string) => Promise<boolean>
}

const browserDeps: TrackingDeps = {
  createTrackingId: () => createTrackingId(api),
  postEvent: (trackingId, event) => postEvent(api, trackingId, event),
  read: () => readStored('tracking'),
  write: (value) => writeStored('tracking', value),
  now: () => Date.now(),
  isStaff: async (shopId) => {
    if (!readStored('authCredentials')) return false
    // A failed lookup counts the visit: the API still leaves out staff by itself.
    return (await getRole(api, shopId).catch(() => null)) !== null
  },
}

/** The dashboard's pages are staff at work, not visits of the shop. */
export function isStaffPage(pathname: string): boolean {
  return pathname === '/admin' || pathname.startsWith('/admin/')
}

/**
 * Self-contained (it uses nothing but its arguments): the page's inline script runs its source as it is
 * (visitScript), so a visit counts whether or not the page's scripts ever start (decision 113).
 */
export async function trackSiteVisit(shopId: string, origin: string, deps: TrackingDeps = browserDeps): Promise<void> {
  async function renew(): Promise<string> {
    const { trackingId, maxAge } = await deps.createTrackingId()
    deps.write({ trackingId, expires: deps.now() + maxAge * 1000 })
    return trackingId
  }
  if (await deps.isStaff(shopId)) return
  const event: AnalyticsEvent = { action: 'site_visit', category: 'shop', extras: { origin, shop: shopId } }
  const stored = deps.read()
  const valid = stored && typeof stored.trackingId === 'string' && stored.expires > deps.now() ? stored.trackingId : null
  const trackingId = valid ?? (await renew())
  try {
    await deps.postEvent(trackingId, event)
  } catch {
    // Unknown or expired on the server (401), or any other failure: one retry, with a new id.
    await deps.postEvent(await renew(), event)
  }
}

/**
 * The browser's TrackingDeps in plain JavaScript, for the inline script: the same calls as the app's API
 * client (JSON, credentials included, the stored token when logged in; a refused token ends the session).
 */
const INLINE_DEPS = `(() => {
  function stored(key) {
    try {
      return JSON.parse(localStorage.getItem(key) || 'null')
    } catch {
      return null
    }
  }
  async function call(method, path, body) {
    const headers = { accept: 'application/json' }
    if (body !== undefined) headers['content-type'] = 'application/json'
    const auth = stored('authCredentials')
    if (auth) headers.authorization = auth.token_type + ' ' + auth.access_token
    const response = await fetch(path, { method, headers, credentials: 'include', body: body === undefined ? undefined : JSON.stringify(body) })
    if (!response.ok) {
      if (response.status === 401 && auth) for (const key of ['authCredentials', 'user']) localStorage.removeItem(key)
      throw new Error('Request failed with status code ' + response.status)
    }
    return response.status === 204 ? undefined : response.json().catch(() => undefined)
  }
  return {
    createTrackingId: () => call('POST', '/api/tracking-ids', {}),
    postEvent: (trackingId, event) => call('POST', '/api/analytics?trackingId=' + encodeURIComponent(trackingId), event),
    read: () => stored('tracking'),
    write: (value) => {
      try {
        localStorage.setItem('tracking', JSON.stringify(value))
      } catch {}
    },
    now: () => Date.now(),
    isStaff: async (shop) => {
      if (!stored('authCredentials')) return false
      const answer = await call('GET', '/api/role/?shop=' + encodeURIComponent(shop)).catch(() => null)
      return !!answer && answer.role !== null && answer.role !== undefined
    },
  }
})()`

/**
 * The page's own count of this visit (docs/product.md §7), run by its inline script once the page has loaded, for a
 * shop's page outside the dashboard: the page's scripts may start late or never (decision 113).
 */
export function visitScript(shopId: string): string {
  const shop = JSON.stringify(shopId).replace(/</g, '\\u003c')
  return `(() => {
  if (${isStaffPage.toString()}(location.pathname)) return
  const visit = () => (${trackSiteVisit.toString()})(${shop}, location.origin, ${INLINE_DEPS}).catch(() => {})
  if (document.readyState === 'complete') visit()
  else addEventListener('load', visit, { once: true })
})()`
}
