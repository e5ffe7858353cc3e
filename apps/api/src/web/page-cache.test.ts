import { describe, expect, it } from 'vitest'
import { type CachedPage, createPageCache, cutAtNonce, isPublicPage, pageCacheKey, withNonce } from './page-cache'

const page = (body: string, nonce = 'n0nce'): CachedPage => ({
  status: 200,
  headers: [['content-type', 'text/html']],
  parts: cutAtNonce(Buffer.from(body), nonce),
})
const bodyOf = (cached: CachedPage | undefined) => cached && withNonce(cached, 'n0nce').toString()

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
    expect(bodyOf(cache.get('a'))).toBe('<p>a</p>')
    time = 1000
    expect(cache.get('a')).toBeUndefined()
  })

  it('forgets the least recently used pages once the bodies pass its size', () => {
    const cache = createPageCache({ maxBytes: 10 })
    cache.set('a', page('aaaa'))
    cache.set('b', page('bbbb'))
    cache.get('a')
    cache.set('c', page('cc₵')) // 5 bytes in UTF-8: b goes, a (used since) stays
    expect(cache.get('b')).toBeUndefined()
    expect(bodyOf(cache.get('a'))).toBe('aaaa')
    expect(bodyOf(cache.get('c'))).toBe('cc₵')
  })

  it('counts a page stored again under its key once', () => {
    const cache = createPageCache({ maxBytes: 10 })
    cache.set('a', page('aaaa'))
    cache.set('b', page('bbbb'))
    cache.set('b', page('bbbbb'))
    expect(bodyOf(cache.get('a'))).toBe('aaaa')
    expect(bodyOf(cache.get('b'))).toBe('bbbbb')
  })

  it('frees what an expired page held', () => {
    let time = 0
    const cache = createPageCache({ maxBytes: 10, ttlMs: 1000, now: () => time })
    cache.set('a', page('aaaaaaaa'))
    time = 1000
    expect(cache.get('a')).toBeUndefined()
    cache.set('b', page('bbbb'))
    cache.set('c', page('cccc'))
    expect(bodyOf(cache.get('b'))).toBe('bbbb')
    expect(bodyOf(cache.get('c'))).toBe('cccc')
  })

  it('keeps no page larger than itself', () => {
    const cache = createPageCache({ maxBytes: 4 })
    cache.set('a', page('aaaa'))
    cache.set('b', page('bbbbb'))
    expect(cache.get('b')).toBeUndefined()
    expect(bodyOf(cache.get('a'))).toBe('aaaa')
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
    const stored = page('<script nonce="abc+/=">₵1</script><link nonce="abc+/=">', 'abc+/=')
    expect(withNonce(stored, 'xyz').toString()).toBe('<script nonce="xyz">₵1</script><link nonce="xyz">')
  })

  it('sends a body with no nonce as it was, and one that starts or ends with it', () => {
    expect(withNonce(page('<p>plain</p>'), 'xyz').toString()).toBe('<p>plain</p>')
    expect(withNonce(page('n0nce-n0nce'), 'xyz').toString()).toBe('xyz-xyz')
  })

  it('keeps a body rendered without a nonce whole', () => {
    expect(cutAtNonce(Buffer.from('<p>plain</p>'), '').map(String)).toEqual(['<p>plain</p>'])
  })
})
