import { describe, expect, it } from 'vitest'
import { createPageCache, isPublicPage, pageCacheKey, withNonce } from './page-cache'

const page = (body: string, nonce = 'n0nce') => ({ status: 200, headers: [['content-type', 'text/html']] as [string, string][], body, nonce })

describe('isPublicPage', () => {
  it('takes the catalogue pages and their data requests', () => {
    for (const path of ['/', '/products', '/products/', '/products/abc', '/about', '/reviews', '/terms', '/privacy', '/_root.data', '/products.data', '/products/abc.data']) {
      expect(isPublicPage(path), path).toBe(true)
    }
  })

  it('leaves out checkout, orders, account, admin, setup and sessions', () => {
    for (const path of ['/checkout', '/checkout/abc', '/orders/abc', '/account', '/account/orders', '/admin', '/admin/products', '/setup', '/session/start', '/invitation/abc', '/products/abc/edit', '/account.data']) {
      expect(isPublicPage(path), path).toBe(false)
    }
  })
})

describe('createPageCache', () => {
  it('answers what was stored until it expires', () => {
    let time = 0
    const cache = createPageCache({ ttlMs: 1000, now: () => time })
    cache.set('a', page('<p>a</p>'))
    time = 999
    expect(cache.get('a')?.body).toBe('<p>a</p>')
    time = 1000
    expect(cache.get('a')).toBeUndefined()
  })

  it('forgets the least recently used page past its size', () => {
    const cache = createPageCache({ maxEntries: 2 })
    cache.set('a', page('a'))
    cache.set('b', page('b'))
    cache.get('a')
    cache.set('c', page('c'))
    expect(cache.get('b')).toBeUndefined()
    expect(cache.get('a')?.body).toBe('a')
    expect(cache.get('c')?.body).toBe('c')
  })

  it('keys pages by shop version, host and address', () => {
    const shop = { id: 's1', pageVersion: 3 }
    expect(pageCacheKey(shop, 'demo.localhost', '/')).not.toBe(pageCacheKey({ ...shop, pageVersion: 4 }, 'demo.localhost', '/'))
    expect(pageCacheKey(shop, 'demo.localhost', '/')).not.toBe(pageCacheKey(shop, 'shop.example', '/'))
    expect(pageCacheKey(shop, 'demo.localhost', '/?a=1')).not.toBe(pageCacheKey(shop, 'demo.localhost', '/'))
  })
})

describe('withNonce', () => {
  it('puts the answer’s nonce wherever the stored one was', () => {
    const stored = page('<script nonce="abc+/=">1</script><link nonce="abc+/=">', 'abc+/=')
    expect(withNonce(stored, 'xyz')).toBe('<script nonce="xyz">1</script><link nonce="xyz">')
  })
})
