/**
 * The browser side of the service worker (decision 43): registering it on a shop's pages, and forgetting
 * the pages kept for offline reading when the shopper logs out.
 */
import { useEffect } from 'react'

export const SERVICE_WORKER_PATH = '/sw.js'
/** Every cache the worker makes starts with this; its pages' with PAGES_CACHE_PREFIX. */
export const CACHE_PREFIX = 'shoplet-'
const PAGES_CACHE_PREFIX = `${CACHE_PREFIX}pages-`

/** Registers the worker once the page has loaded; browsers without it (or over plain HTTP) do without. */
export function useServiceWorker(enabled: boolean): void {
  useEffect(() => {
    if (!enabled || !('serviceWorker' in navigator)) return
    navigator.serviceWorker.register(SERVICE_WORKER_PATH).catch(() => {
      // Offline reading is a bonus: the shop works the same without it.
    })
  }, [enabled])
}

/** Deletes every kept page (all builds'), so nothing seen while logged in outlives the session. */
export async function clearOfflinePages(): Promise<void> {
  if (typeof caches === 'undefined') return
  try {
    const names = await caches.keys()
    await Promise.all(names.filter((name) => name.startsWith(PAGES_CACHE_PREFIX)).map((name) => caches.delete(name)))
  } catch {
    // No storage (private mode): nothing was kept.
  }
}
