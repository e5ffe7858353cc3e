/**
 * docs/product.md §7 analytics: on page load with a shop, post `site_visit` with the stored tracking id. A missing or
 * expired id is renewed first; a failed post is retried once with a new id (docs/product.md §8). Staff are not
 * visitors of their own shop: the dashboard's pages never post a visit, nor does a logged-in user with a
 * staff role in the shop (the API drops such a visit as well).
 */
import type { TrackingId } from '@shop/domain/schemas/analytics'
import { api } from '../../lib/api'
import { readStored, writeStored } from '../../lib/local-store'
import { createTrackingId } from '../../api/analytics/create-tracking-id'
import { type AnalyticsEvent, postEvent } from '../../api/analytics/post-event'
import { getRole } from '../../api/staff/get-role'

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

async function renew(deps: TrackingDeps): Promise<string> {
  const { trackingId, maxAge } = await deps.createTrackingId()
  deps.write({ trackingId, expires: deps.now() + maxAge * 1000 })
  return trackingId
}

export async function trackSiteVisit(shopId: string, origin: string, deps: TrackingDeps = browserDeps): Promise<void> {
  if (await deps.isStaff(shopId)) return
  const event: AnalyticsEvent = { action: 'site_visit', category: 'shop', extras: { origin, shop: shopId } }
  const stored = deps.read()
  const valid = stored && typeof stored.trackingId === 'string' && stored.expires > deps.now() ? stored.trackingId : null
  const trackingId = valid ?? (await renew(deps))
  try {
    await deps.postEvent(trackingId, event)
  } catch {
    // Unknown or expired on the server (401), or any other failure: one retry, with a new id.
    await deps.postEvent(await renew(deps), event)
  }
}
