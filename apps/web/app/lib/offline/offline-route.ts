/**
 * What the service worker may do with a same-origin GET, by its path (decision 43). Only an allow-list of
 * public pages is ever kept for offline reading; checkout, account, login, setup, invitations, private
 * order links, the dashboard and the API always go to the network and are never stored.
 *
 * Self-contained on purpose (no imports, no outer names): its source is sent inside /sw.js.
 */
export type OfflineRoute = 'network' | 'asset' | 'image' | 'page'

export function offlineRoute(pathname: string): OfflineRoute {
  if (pathname.startsWith('/assets/')) return 'asset'
  if (pathname.startsWith('/uploads/')) return 'image'
  // React Router's client navigations load `{path}.data` (the home page's is `/_root.data`).
  const page = pathname === '/_root.data' ? '/' : pathname.replace(/\.data$/, '')
  const publicPage =
    page === '/' ||
    page === '/products' ||
    page === '/products/' ||
    /^\/products\/[^/]+\/?$/.test(page) ||
    ['/about', '/reviews', '/terms', '/privacy'].includes(page.replace(/\/$/, ''))
  return publicPage ? 'page' : 'network'
}
