import { describe, expect, it } from 'vitest'
import { feedAddresses } from './catalog-feed'

describe('feedAddresses', () => {
  it('is the shop’s platform address without a verified domain', () => {
    expect(feedAddresses('https://shoplet.example', 'ama', [{ domain: 'ama.example', status: 'pending' }])).toEqual([
      'https://ama.shoplet.example/feeds/products.xml',
    ])
  })

  it('puts verified custom domains first, with the platform’s scheme', () => {
    expect(feedAddresses('http://localhost:3000', 'kofi', [{ domain: 'kofi.example:8080', status: 'verified' }])).toEqual([
      'http://kofi.example:8080/feeds/products.xml',
      'http://kofi.localhost:3000/feeds/products.xml',
    ])
  })
})
