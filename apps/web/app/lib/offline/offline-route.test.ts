import { describe, expect, it } from 'vitest'
import { offlineRoute } from './offline-route'

describe('offlineRoute', () => {
  it('keeps the public pages and their navigation data for offline reading', () => {
    for (const path of ['/', '/_root.data', '/products', '/products/', '/products.data', '/products/abc', '/products/abc.data', '/about', '/reviews', '/terms', '/privacy']) {
      expect(offlineRoute(path), path).toBe('page')
    }
  })

  it('sends checkout, account, login, the dashboard, private links and the API to the network only', () => {
    for (const path of [
      '/checkout',
      '/checkout.data',
      '/checkout/abc',
      '/account',
      '/account/orders',
      '/account/orders.data',
      '/admin',
      '/admin/',
      '/admin/products/abc',
      '/admin/overview.data',
      '/login',
      '/setup',
      '/setup/x/shop',
      '/invitation/abc',
      '/session/start',
      '/orders/abc',
      '/reset-password',
      '/api/products/',
      '/api/user/',
      '/delivery/regions/',
      '/pay/test/abc',
      '/sw.js',
      '/manifest.webmanifest',
      '/products/abc/edit',
    ]) {
      expect(offlineRoute(path), path).toBe('network')
    }
  })

  it('stores built assets and uploaded pictures, which never change under their names', () => {
    expect(offlineRoute('/assets/entry.client-abc123.js')).toBe('asset')
    expect(offlineRoute('/uploads/ab/abcdef-320.avif')).toBe('image')
  })
})
