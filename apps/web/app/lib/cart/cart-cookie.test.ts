import { describe, expect, it } from 'vitest'
import { MAX_COOKIE_LENGTH, MAX_COOKIE_LINES, cartSetCookie, cookieValue, decodeCartCookie, encodeCartCookie } from './cart-cookie'

const shirt = '3f1c2a9e-4d7b-4e8a-9c1d-2b3a4c5d6e7f'
const soap = '8a7b6c5d-4e3f-4a1b-8c2d-3e4f5a6b7c8d'
const productId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`

describe("the cart's cookie copy (decision 87)", () => {
  it('round-trips a cart with and without variants, and an empty one', () => {
    const cart = { changed: 1_764_300_000_000, items: [{ count: 2, product: shirt, variant: 'M' }, { count: 1, product: soap, variant: null }] }
    const value = encodeCartCookie(cart)!
    expect(value).toMatch(/^[0-9A-Za-z._~-]+$/)
    expect(decodeCartCookie(value)).toEqual(cart)
    expect(decodeCartCookie(encodeCartCookie({ changed: 5, items: [] }))).toEqual({ changed: 5, items: [] })
  })

  it('reads anything else as no cart: other versions, bad ids and counts, repeats, too many lines or characters', () => {
    const line = `${shirt}~M~2`
    expect(decodeCartCookie(`2.1.${line}`)).not.toBeNull()
    for (const bad of [
      '',
      `1.1.${line}`,
      `2.x.${line}`,
      `2.1.${line}_${line}`,
      `2.1.not-a-uuid~M~2`,
      `2.1.${shirt}~M~0`,
      `2.1.${shirt}~M~1001`,
      `2.1.${shirt}~M~-1`,
      `2.1.${shirt}~M~2~9`,
      `2.1.${shirt}~${'v'.repeat(41)}~2`,
      `2.1.${shirt}~a%20b~2`,
      `2.1.${Array.from({ length: MAX_COOKIE_LINES + 1 }, (_, n) => `${productId(n)}~-~1`).join('_')}`,
      `2.1.${'a'.repeat(MAX_COOKIE_LENGTH)}`,
    ]) {
      expect(decodeCartCookie(bad), bad.slice(0, 60)).toBeNull()
    }
  })

  it('writes no more than its bounds and forgets the cookie when a cart cannot be written', () => {
    const many = Array.from({ length: MAX_COOKIE_LINES + 10 }, (_, n) => ({ count: 1, product: productId(n), variant: null }))
    expect(decodeCartCookie(encodeCartCookie({ changed: 1, items: many }))!.items).toHaveLength(MAX_COOKIE_LINES)
    expect(encodeCartCookie({ changed: 1, items: [{ count: 1, product: 'x;y', variant: null }] })).toBeNull()
    expect(cartSetCookie({ changed: 1, items: [{ count: 1, product: 'x', variant: null }] }, false)).toBe('cart=; Max-Age=0; Path=/; SameSite=Lax')
    expect(cartSetCookie({ changed: 1, items: [] }, true)).toMatch(/^cart=2\.1\.; Max-Age=\d+; Path=\/; SameSite=Lax; Secure$/)
  })

  it('finds its cookie in a Cookie header', () => {
    expect(cookieValue('a=1; cart=2.1.; b=3', 'cart')).toBe('2.1.')
    expect(cookieValue('scart=1', 'cart')).toBeNull()
    expect(cookieValue(null, 'cart')).toBeNull()
  })
})
