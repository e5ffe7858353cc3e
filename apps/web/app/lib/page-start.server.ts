import { visitScript } from './track-visit'
import { SERVICE_WORKER_SCRIPT } from './offline/offline-pages'
import type { PageStartBuilder } from './page-start'
import { pageStartScript } from './scripts-after-load'

/**
 * The page's inline script: its scripts' start, and on a shop's pages the visit count and the offline
 * copy's service worker, which must not wait for scripts that may start late or never (decision 113).
 */
export const buildPageStart: PageStartBuilder = (start, shopId) =>
  [pageStartScript(start), ...(shopId ? [visitScript(shopId), SERVICE_WORKER_SCRIPT] : [])].join(';\n')
