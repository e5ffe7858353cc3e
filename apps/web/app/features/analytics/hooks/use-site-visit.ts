import { useEffect } from 'react'
import { isStaffPage, trackSiteVisit } from '../track-visit'

/**
 * Once per page load on a shop's site, except the dashboard's pages and staff of the shop; failures stay
 * silent (statistics must never disturb a shopper).
 */
export function useSiteVisit(shopId: string | null): void {
  useEffect(() => {
    if (!shopId || isStaffPage(window.location.pathname)) return
    trackSiteVisit(shopId, window.location.origin).catch(() => {})
    // Only the page load counts, not each navigation inside the app.
  }, [shopId])
}
