import { describe, expect, it } from 'vitest'
import { addFromForm, sameSite } from './add-to-cart-form.server'

const shirt = '3f1c2a9e-4d7b-4e8a-9c1d-2b3a4c5d6e7f'
const soap = '8a7b6c5d-4e3f-4a1b-8c2d-3e4f5a6b7c8d'
const features = { Size: 'M' }
const withVariants = {
  _id: shirt,
  availability: { level: 'in-stock' as const },
  variants: [
    { _id: 'M', features, availability: { level: 'low' as const, left: 3 } },
    { _id: 'L', features: { Size: 'L' }, availability: { level: 'sold-out' as const } },
  ],
}
const plain = { _id: soap, availability: { level: 'in-stock' as const }, variants: [] }
const limits = { most: 10, now: 1_000 }
const form = (fields: Record<string, string>) => new URLSearchParams(fields)

describe('Add to cart posted as a plain form (decision 87)', () => {
  it('adds the chosen variant and count to the cookie cart, marked as changed later than it was', () => {
    const done = addFromForm(form({ intent: 'add', variant: 'M', count: '2' }), withVariants, { changed: 5_000, items: [] }, limits)
    expect(done.status).toBe(200)
    expect(done.answer).toEqual({ cart: 'added', count: 2, variant: 'M' })
    expect(done.cart).toEqual({ changed: 5_001, items: [{ product: shirt, variant: 'M', count: 2 }] })
    const next = addFromForm(form({ intent: 'add', count: '1' }), plain, done.cart!, limits)
    expect(next.cart!.items).toEqual([...done.cart!.items, { product: soap, variant: null, count: 1 }])
  })

  it('keeps a line once: adding it again changes nothing', () => {
    const cart = { changed: 1, items: [{ product: soap, variant: null, count: 4 }] }
    const again = addFromForm(form({ intent: 'add', count: '1' }), plain, cart, limits)
    expect(again).toEqual({ status: 200, answer: { cart: 'already', count: 1, variant: null } })
  })

  it('answers a 4xx with the reason for bad input, never adding', () => {
    const cases: [Record<string, string>, typeof plain | typeof withVariants, number, string][] = [
      [{ variant: 'M' }, withVariants, 400, 'intent'],
      [{ intent: 'remove', variant: 'M' }, withVariants, 400, 'intent'],
      [{ intent: 'add' }, withVariants, 400, 'variant'],
      [{ intent: 'add', variant: 'XL' }, withVariants, 400, 'variant'],
      [{ intent: 'add', variant: 'M' }, plain, 400, 'variant'],
      [{ intent: 'add', variant: 'L' }, withVariants, 409, 'variant'],
      [{ intent: 'add', variant: 'M', count: '4' }, withVariants, 400, 'count'],
      [{ intent: 'add', count: '0' }, plain, 400, 'count'],
      [{ intent: 'add', count: '1.5' }, plain, 400, 'count'],
      [{ intent: 'add', count: 'many' }, plain, 400, 'count'],
      [{ intent: 'add', count: '11' }, plain, 400, 'count'],
    ]
    for (const [fields, product, status, field] of cases) {
      const refused = addFromForm(form(fields), product, null, limits)
      expect(refused.status, JSON.stringify(fields)).toBe(status)
      expect(refused.answer).toMatchObject({ field, problem: expect.any(String) })
      expect(refused.cart).toBeUndefined()
    }
  })

  it('takes posts from the shop’s own pages only', () => {
    const post = (headers: Record<string, string>) => new Request('http://demo.localhost/products/x', { method: 'POST', headers })
    expect(sameSite(post({ origin: 'http://demo.localhost', 'sec-fetch-site': 'same-origin' }))).toBe(true)
    expect(sameSite(post({ origin: 'http://demo.localhost' }))).toBe(true)
    expect(sameSite(post({ origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }))).toBe(false)
    expect(sameSite(post({ origin: 'https://evil.example' }))).toBe(false)
    expect(sameSite(post({ 'sec-fetch-site': 'same-site' }))).toBe(false)
  })
})
