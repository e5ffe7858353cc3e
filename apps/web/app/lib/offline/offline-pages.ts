/**
 * The browser side of the service worker (decision 43): registering it on a shop's pages, and forgetting
 * the pages kept for offline reading when the shopper logs out.
 */
export const SERVICE_WORKER_PATH = '/sw.js'
/** Every cache the worker makes starts with this; its pages' with PAGES_CACHE_PREFIX. */
export const CACHE_PREFIX = 'shoplet-'
const PAGES_CACHE_PREFIX = `${CACHE_PREFIX}pages-`

/**
 * Registers the worker once the page has loaded, from the page's inline script (a shop's pages only), so a
 * reader whose page never starts its scripts gets the offline copy too (decision 113). Browsers without
 * it (or over plain HTTP) do without: offline reading is a bonus, the shop works the same without it.
 */
export const SERVICE_WORKER_SCRIPT = `(() => {
  if (!('serviceWorker' in navigator)) return
  const register = () => navigator.serviceWorker.register(${JSON.stringify(SERVICE_WORKER_PATH)}).catch(() => {})
  if (document.readyState === 'complete') register()
  else addEventListener('load', register, { once: true })
})()`

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
