import { isValidSlug } from '@shop/domain'
import { describe, expect, it } from 'vitest'
import { addressPromise, shopOrigin, suggestSlug } from './shop-address'

describe('suggestSlug', () => {
  it.each([
    ['Kofi’s Kitchen', 'kofis-kitchen'],
    ['  Ama & Sons  Fabrics ', 'ama-and-sons-fabrics'],
    ['Café Crème', 'cafe-creme'],
    ['Shop 24/7', 'shop-24-7'],
    ['', ''],
    ['!!!', ''],
  ])('%j → %j', (title, slug) => {
    expect(suggestSlug(title)).toBe(slug)
  })

  it('cuts long titles at a whole word within 40 characters', () => {
    const slug = suggestSlug('The finest hand woven kente cloth from Bonwire village in Ashanti')
    expect(slug).toBe('the-finest-hand-woven-kente-cloth-from')
    expect(isValidSlug(slug)).toBe(true)
  })

  it('turns reserved and too short names into valid ones', () => {
    expect(suggestSlug('Admin')).toBe('admin-shop')
    expect(suggestSlug('A')).toBe('a-shop')
    expect(isValidSlug(suggestSlug('Admin'))).toBe(true)
  })

  it('keeps one overlong word valid', () => {
    const slug = suggestSlug('x'.repeat(60))
    expect(slug).toHaveLength(40)
    expect(isValidSlug(slug)).toBe(true)
  })
})

describe('shopOrigin', () => {
  it('puts the slug in front of the platform’s host, port and scheme kept', () => {
    expect(shopOrigin('http://localhost:3000', 'kofi')).toBe('http://kofi.localhost:3000')
    expect(shopOrigin('https://shoplet.example', 'ama')).toBe('https://ama.shoplet.example')
  })
})

describe('addressPromise', () => {
  it('promises the address only once that very address is known to be free', () => {
    expect(addressPromise('demo-two', { slug: 'demo-two', state: 'available' })).toBe('will-open')
    expect(addressPromise('demo-two', { slug: 'demo', state: 'available' })).toBe('would-be')
    expect(addressPromise('demo-two', { slug: 'demo-two', state: 'checking' })).toBe('would-be')
    expect(addressPromise('demo-two', null)).toBe('would-be')
  })

  it('promises nothing for a taken address, nor for none', () => {
    expect(addressPromise('demo', { slug: 'demo', state: 'taken' })).toBe('none')
    expect(addressPromise('', null)).toBe('none')
  })
})
