import { useEffect, useState } from 'react'
import { useLocation } from 'react-router'
import type { User } from '@shop/domain/schemas/auth'
import { getNotificationHint } from '../../../api/notifications/get-notification-hint'
import { api } from '../../../lib/api'

/** Tells the hint to look again now (e.g. after marking notifications read). */
export const HINT_REFRESH_EVENT = 'notification-hint-refresh'

export function refreshNotificationHint(): void {
  window.dispatchEvent(new Event(HINT_REFRESH_EVENT))
}

/**
 * Unread notifications in the shop, re-read on every page change. Failures are ignored silently (docs/product.md §8):
 * the count stays what it was.
 */
export function useNotificationHint(shopId: string | null, user: User | null): number {
  const [state, setState] = useState<{ key: string; count: number } | null>(null)
  const { pathname } = useLocation()
  const key = shopId && user ? `${shopId}/${user._id}` : null
  const [tick, setTick] = useState(0)

  useEffect(() => {
    const onRefresh = () => setTick((value) => value + 1)
    window.addEventListener(HINT_REFRESH_EVENT, onRefresh)
    return () => window.removeEventListener(HINT_REFRESH_EVENT, onRefresh)
  }, [])

  useEffect(() => {
    if (!key || !shopId) return
    let live = true
    getNotificationHint(api, shopId).then(
      (count) => live && setState({ key, count }),
      () => {},
    )
    return () => {
      live = false
    }
  }, [key, shopId, pathname, tick])

  return state && state.key === key ? state.count : 0
}
