/**
 * The storefront's service worker (decision 43), sent as /sw.js by the server entry with the build's
 * version. No library and nothing fetched at install: it keeps what the shopper has already loaded.
 *
 * - Built assets and uploaded pictures: from the cache once fetched (their names change with their bytes).
 * - Public pages (and their navigation data): from the network, the copy kept for when it fails; at most
 *   MAX_PAGES, the oldest dropped. Offline and never seen: a short "you are offline" page.
 * - Everything else (checkout, account, the dashboard, the API…): the network only, never stored.
 * - Every cache is named with the build's version: a new deployment's worker deletes the old ones when it
 *   takes over, so no old code or page outlives it; logging out deletes the pages (`clearOfflinePages`).
 *
 * `serviceWorker` and `offlineRoute` run in the worker, from their source: they use nothing outside
 * themselves.
 */
import { CACHE_PREFIX } from './offline-pages'
import { offlineRoute } from './offline-route'

/** The parts of the worker's global scope used here (the web app's types have no WebWorker lib). */
type ExtendableEvent = Event & { waitUntil(promise: Promise<unknown>): void }
type FetchEvent = ExtendableEvent & { request: Request; respondWith(response: Promise<Response>): void }
type WorkerScope = {
  location: Location
  skipWaiting(): Promise<void>
  clients: { claim(): Promise<void> }
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void
}

function serviceWorker(version: string, prefix: string, routeOf: typeof offlineRoute): void {
  const worker = self as unknown as WorkerScope
  const names = { asset: `${prefix}assets-${version}`, image: `${prefix}images-${version}`, page: `${prefix}pages-${version}` }
  const limits = { asset: 200, image: 300, page: 50 }
  const offlinePage =
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<title>Offline</title></head><body style="font:16px/1.5 system-ui,sans-serif;margin:2rem">' +
    '<h1>You are offline</h1><p>This page has not been opened on this phone yet. The pages you have opened, and your cart, are still here.</p>' +
    '<p><a href="/">Home</a></p></body></html>'

  const storable = (response: Response) =>
    response.ok && response.type === 'basic' && !response.redirected && !/no-store/i.test(response.headers.get('cache-control') ?? '')

  async function keep(cacheName: string, limit: number, request: Request, response: Response) {
    const cache = await caches.open(cacheName)
    await cache.delete(request)
    await cache.put(request, response)
    const keys = await cache.keys()
    for (const old of keys.slice(0, Math.max(0, keys.length - limit))) await cache.delete(old)
  }

  async function cacheFirst(kind: 'asset' | 'image', request: Request): Promise<Response> {
    const cached = await caches.match(request, { cacheName: names[kind] })
    if (cached) return cached
    const response = await fetch(request)
    if (storable(response)) await keep(names[kind], limits[kind], request, response.clone())
    return response
  }

  async function networkFirst(request: Request): Promise<Response> {
    try {
      const response = await fetch(request)
      if (storable(response)) await keep(names.page, limits.page, request, response.clone())
      return response
    } catch (error) {
      const cached = await caches.match(request, { cacheName: names.page })
      if (cached) return cached
      if (request.mode !== 'navigate') throw error
      return new Response(offlinePage, { status: 503, headers: { 'content-type': 'text/html; charset=utf-8' } })
    }
  }

  worker.addEventListener('install', (event) => event.waitUntil(worker.skipWaiting()))
  worker.addEventListener('activate', (event) =>
    event.waitUntil(
      (async () => {
        const current = new Set(Object.values(names))
        for (const name of await caches.keys()) if (name.startsWith(prefix) && !current.has(name)) await caches.delete(name)
        await worker.clients.claim()
      })(),
    ),
  )
  worker.addEventListener('fetch', (event) => {
    const { request } = event
    if (request.method !== 'GET') return
    const url = new URL(request.url)
    if (url.origin !== worker.location.origin) return
    const route = routeOf(url.pathname)
    if (route === 'network') return
    event.respondWith(route === 'page' ? networkFirst(request) : cacheFirst(route, request))
  })
}

/** The worker's script for the build `version`. */
export function serviceWorkerSource(version: string): string {
  return `'use strict';\n(${serviceWorker.toString()})(${JSON.stringify(version)}, ${JSON.stringify(CACHE_PREFIX)}, ${offlineRoute.toString()});\n`
}

/** The worker's answer: never cached by HTTP, so the browser sees a new deployment's worker at once. */
export function serviceWorkerResponse(version: string): Response {
  return new Response(serviceWorkerSource(version), {
    headers: { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache' },
  })
}
