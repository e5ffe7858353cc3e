/**
 * The cart's rules, docs/product.md §3–§5: items `{count, product, variant}` stored under `cart` with version 2 (any
 * other version is discarded); add only when the product+variant pair is absent, starting at 1; change a
 * count, remove, clear. Pure functions: the hook persists every change.
 */
import { type Availability, MAX_CART_LINES, MAX_LINE_COUNT, orderableCount } from '@shop/domain'
import type { StoredCartItem } from '../local-store'

export const CART_VERSION = 2
/** The API takes at most this many of one line and this many lines. */
export const MAX_COUNT = MAX_LINE_COUNT
export const MAX_LINES = MAX_CART_LINES

/**
 * The most of a line the cart offers: what is left when the shop shows it (low or sold out), else the
 * shop's most of one item per order (`most`, decision 52; the API's line limit without one); the
 * checkout's stock check lowers it when a line asks for more than there is.
 */
export function lineCap(availability: Availability | undefined, limits: { most?: number; checkedLeft?: number } = {}): number {
  const most = Math.min(limits.most ?? MAX_COUNT, MAX_COUNT)
  const cap = availability ? orderableCount(availability, most) : most
  return limits.checkedLeft === undefined ? cap : Math.min(cap, limits.checkedLeft)
}

export type CartItem = StoredCartItem
export type StoredCart = { version: number; items: CartItem[] }

const sameLine = (item: CartItem, product: string, variant: string | null) =>
  item.product === product && item.variant === variant

function isCartItem(value: unknown): value is CartItem {
  const item = value as Partial<CartItem> | null
  return (
    typeof item === 'object' &&
    item !== null &&
    typeof item.product === 'string' &&
    (item.variant === null || typeof item.variant === 'string') &&
    Number.isInteger(item.count) &&
    (item.count as number) >= 1
  )
}

/** The items of a stored cart; null when the stored value must be discarded (another version, or garbage). */
export function cartItems(stored: unknown): CartItem[] | null {
  const cart = stored as Partial<StoredCart> | null
  if (!cart || cart.version !== CART_VERSION || !Array.isArray(cart.items)) return null
  return cart.items.filter(isCartItem).map((item) => ({ ...item, count: Math.min(item.count, MAX_COUNT) }))
}

/** Adds the line when absent, with `count` (1 unless the product page's quantity says more). */
export function addItem(items: readonly CartItem[], product: string, variant: string | null, count = 1): CartItem[] {
  if (items.some((item) => sameLine(item, product, variant)) || items.length >= MAX_LINES) return [...items]
  const bounded = Number.isInteger(count) ? Math.min(Math.max(count, 1), MAX_COUNT) : 1
  return [...items, { count: bounded, product, variant }]
}

export function setCount(items: readonly CartItem[], product: string, variant: string | null, count: number): CartItem[] {
  if (!Number.isInteger(count) || count < 1) return [...items]
  const bounded = Math.min(count, MAX_COUNT)
  return items.map((item) => (sameLine(item, product, variant) ? { ...item, count: bounded } : item))
}

export function removeItem(items: readonly CartItem[], product: string, variant: string | null): CartItem[] {
  return items.filter((item) => !sameLine(item, product, variant))
}

export function hasItem(items: readonly CartItem[], product: string, variant: string | null): boolean {
  return items.some((item) => sameLine(item, product, variant))
}

/** Units in the cart (the navbar badge). */
export function cartCount(items: readonly CartItem[]): number {
  return items.reduce((sum, item) => sum + item.count, 0)
}

/** Names a line: its product and variant. */
export function lineKey(item: Pick<CartItem, 'product' | 'variant'>): string {
  return `${item.product}/${item.variant ?? ''}`
}
