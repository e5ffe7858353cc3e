/**
 * The cart's copy in a cookie (decision 87). The cart lives in localStorage (docs/product.md §3, version 2), which a
 * server never sees; a small cookie mirrors it on every change so the server can render the checkout's
 * cart at once and add to it from a plain form post before the page's scripts run. Each copy carries when
 * it last changed, and the browser adopts the newer of the two when its scripts start.
 *
 * Format: `2.<changed ms>.<line>_<line>…`, a line `<product>~<variant or ->~<count>`; only characters a
 * cookie value takes unquoted. Bounded: at most MAX_COOKIE_LINES lines and MAX_COOKIE_LENGTH characters;
 * anything else reads as no cart.
 */
import { CART_VERSION, type CartItem, MAX_COUNT } from './cart'

export const CART_COOKIE = 'cart'
/** Fewer than the cart's own limit: the cookie must stay far below the 4 KB browsers keep. */
export const MAX_COOKIE_LINES = 40
export const MAX_COOKIE_LENGTH = 3_000
/** How long the browser keeps the cookie (seconds): as long as a cart is worth keeping. */
export const CART_COOKIE_MAX_AGE = 60 * 60 * 24 * 60

export type CookieCart = { changed: number; items: CartItem[] }

const PRODUCT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const VARIANT = /^[A-Za-z0-9_-]{1,40}$/

export function encodeCartCookie(cart: CookieCart): string | null {
  const items = cart.items.slice(0, MAX_COOKIE_LINES)
  if (items.some((item) => !PRODUCT.test(item.product) || (item.variant !== null && !VARIANT.test(item.variant)))) return null
  const value = `${CART_VERSION}.${Math.max(0, Math.floor(cart.changed))}.${items
    .map((item) => `${item.product}~${item.variant ?? '-'}~${Math.min(Math.max(1, Math.floor(item.count)), MAX_COUNT)}`)
    .join('_')}`
  return value.length <= MAX_COOKIE_LENGTH ? value : null
}

/** The cart in a cookie's value, or null when it is absent, of another version, too long or malformed. */
export function decodeCartCookie(value: string | null | undefined): CookieCart | null {
  if (!value || value.length > MAX_COOKIE_LENGTH) return null
  const match = /^(\d+)\.(\d{1,15})\.(.*)$/.exec(value)
  if (!match || Number(match[1]) !== CART_VERSION) return null
  const lines = match[3] ? match[3].split('_') : []
  if (lines.length > MAX_COOKIE_LINES) return null
  const items: CartItem[] = []
  for (const line of lines) {
    const [product, variant, count, extra] = line.split('~')
    if (extra !== undefined || !product || !PRODUCT.test(product) || !variant || !count || !/^\d{1,4}$/.test(count)) return null
    if (variant !== '-' && !VARIANT.test(variant)) return null
    const number = Number(count)
    if (number < 1 || number > MAX_COUNT) return null
    const item = { product: product.toLowerCase(), variant: variant === '-' ? null : variant, count: number }
    // Each product+variant once (docs/product.md §5): a repeated line is not a cart this code wrote.
    if (items.some((seen) => seen.product === item.product && seen.variant === item.variant)) return null
    items.push(item)
  }
  return { changed: Number(match[2]), items }
}

/** The value of the cookie `name` in a Cookie header (the first when repeated), or null. */
export function cookieValue(header: string | null | undefined, name: string): string | null {
  if (!header) return null
  for (const part of header.split(';')) {
    const at = part.indexOf('=')
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim()
  }
  return null
}

/** The Set-Cookie value that stores `cart` (or forgets the cookie when it cannot be written). */
export function cartSetCookie(cart: CookieCart, secure: boolean): string {
  const value = encodeCartCookie(cart)
  const attributes = `Path=/; SameSite=Lax${secure ? '; Secure' : ''}`
  return value === null ? `${CART_COOKIE}=; Max-Age=0; ${attributes}` : `${CART_COOKIE}=${value}; Max-Age=${CART_COOKIE_MAX_AGE}; ${attributes}`
}
