/**
 * SPEC §7 analytics: on page load with a shop, post `site_visit` with the stored tracking id. A missing or
 * expired id is renewed first; a failed post is retried once with a new id (SPEC §8).
 */
import type { TrackingId } from '@shop/domain/schemas/analytics'
import { api } from '../../lib/api'
import { readStored, writeStored } from '../../lib/local-store'
import { createTrackingId } from '../../api/analytics/create-tracking-id'
import { type AnalyticsEvent, postEvent } from '../../api/analytics/post-event'

type Stored = { trackingId: string; expires: number }

export type TrackingDeps = {
  createTrackingId: () => Promise<TrackingId>
  postEvent: (trackingId: string, event: AnalyticsEvent) => Promise<void>
  read: () => Stored | null
  write: (value: Stored) => void
  now: () => number
}

const browserDeps: TrackingDeps = {
  createTrackingId: () => createTrackingId(api),
  postEvent: (trackingId, event) => postEvent(api, trackingId, event),
  read: () => readStored('tracking'),
  write: (value) => writeStored('tracking', value),
  now: () => Date.now(),
}

async function renew(deps: TrackingDeps): Promise<string> {
  const { trackingId, maxAge } = await deps.createTrackingId()
  deps.write({ trackingId, expires: deps.now() + maxAge * 1000 })
  return trackingId
}

export async function trackSiteVisit(shopId: string, origin: string, deps: TrackingDeps = browserDeps): Promise<void> {
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
