import vm from 'node:vm'
import { describe, expect, it } from 'vitest'
import { serviceWorkerSource } from './service-worker'

type Listener = (event: Record<string, unknown>) => void

/** Runs the worker's script the way a browser would, with in-memory caches and a network that `fetch` is. */
function startWorker(version: string, cacheNames: string[], network: (url: string) => Response | Promise<Response>) {
  const listeners = new Map<string, Listener>()
  const stores = new Map<string, Map<string, Response>>(cacheNames.map((name) => [name, new Map()]))
  const open = async (name: string) => {
    if (!stores.has(name)) stores.set(name, new Map())
    const store = stores.get(name)!
    return {
      put: async (request: Request, response: Response) => void store.set(request.url, response),
      delete: async (request: Request) => store.delete(request.url),
      keys: async () => [...store.keys()].map((url) => new Request(url)),
    }
  }
  const caches = {
    keys: async () => [...stores.keys()],
    delete: async (name: string) => stores.delete(name),
    open,
    match: async (request: Request, options: { cacheName: string }) => stores.get(options.cacheName)?.get(request.url)?.clone(),
  }
  let claimed = false
  const self = {
    location: new URL('http://shop.test/'),
    skipWaiting: async () => {},
    clients: { claim: async () => void (claimed = true) },
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
  }
  // Same-origin answers are `basic` in a browser (a Response made here is `default`).
  const fetch = async (request: Request) => Object.defineProperty(await network(request.url), 'type', { value: 'basic' })
  vm.runInNewContext(serviceWorkerSource(version), { self, caches, fetch, URL, Request, Response, console })

  async function dispatch(type: string, fields: Record<string, unknown> = {}) {
    const waits: Promise<unknown>[] = []
    let response: Promise<Response> | undefined
    listeners.get(type)!({ ...fields, waitUntil: (p: Promise<unknown>) => waits.push(p), respondWith: (p: Promise<Response>) => (response = p) })
    await Promise.all(waits)
    return response
  }
  return { stores, dispatch, claimed: () => claimed }
}

describe('the service worker', () => {
  it('deletes every other build\'s caches when it takes over, and only its own', async () => {
    const worker = startWorker('v2', ['shoplet-assets-v1', 'shoplet-pages-v1', 'shoplet-images-v1', 'shoplet-pages-v2', 'another-app'], () => new Response('x'))
    await worker.dispatch('activate')
    expect([...worker.stores.keys()].sort()).toEqual(['another-app', 'shoplet-pages-v2'])
    expect(worker.claimed()).toBe(true)
  })

  it('keeps a public page for when the network fails, and never touches account, admin or checkout requests', async () => {
    let online = true
    const worker = startWorker('v1', [], (url) => {
      if (!online) throw new TypeError('Failed to fetch')
      return new Response(`page ${new URL(url).pathname}`, { headers: { 'content-type': 'text/html' } })
    })
    const answer = async (path: string, mode?: string) => {
      const request = new Request(`http://shop.test${path}`)
      Object.defineProperty(request, 'mode', { value: mode ?? 'navigate' })
      return worker.dispatch('fetch', { request })
    }
    expect(await (await answer('/products/p1'))!.text()).toBe('page /products/p1')
    for (const path of ['/account', '/admin/products', '/checkout', '/api/user/']) expect(await answer(path)).toBeUndefined()
    expect([...worker.stores.get('shoplet-pages-v1')!.keys()]).toEqual(['http://shop.test/products/p1'])

    online = false
    expect(await (await answer('/products/p1'))!.text()).toBe('page /products/p1')
    const unseen = (await answer('/about'))!
    expect(unseen.status).toBe(503)
    expect(await unseen.text()).toContain('You are offline')
    await expect(answer('/products/p2.data', 'cors')!).rejects.toThrow('Failed to fetch')
  })

  it('does not keep a page the server marks no-store', async () => {
    const worker = startWorker('v1', [], (url) => new Response('fresh', { headers: url.endsWith('/about') ? { 'cache-control': 'no-store' } : {} }))
    for (const path of ['/about', '/reviews']) await (await worker.dispatch('fetch', { request: new Request(`http://shop.test${path}`) }))!.text()
    expect([...worker.stores.get('shoplet-pages-v1')!.keys()]).toEqual(['http://shop.test/reviews'])
  })
})
