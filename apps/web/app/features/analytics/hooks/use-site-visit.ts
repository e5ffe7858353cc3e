import { useEffect } from 'react'
import { trackSiteVisit } from '../track-visit'

/** Once per page load on a shop's site; failures stay silent (statistics must never disturb a shopper). */
export function useSiteVisit(shopId: string | null): void {
  useEffect(() => {
    if (!shopId) return
    trackSiteVisit(shopId, window.location.origin).catch(() => {})
    // Only the page load counts, not each navigation inside the app.
  }, [shopId])
}
