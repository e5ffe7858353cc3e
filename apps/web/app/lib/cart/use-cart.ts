import { useEffect, useMemo } from 'react'
import { readStored, removeStored, useStored, writeStored } from '../local-store'
import { CART_VERSION, type CartItem, addItem, cartItems, removeItem, setCount } from './cart'
import { CART_COOKIE, type CookieCart, cartSetCookie, cookieValue, decodeCartCookie } from './cart-cookie'

function writeCookie(cart: CookieCart): void {
  if (typeof document !== 'undefined') document.cookie = cartSetCookie(cart, window.location.protocol === 'https:')
}

/**
 * Applies `change` to the stored cart and persists the result at once (docs/product.md §4: every change), in
 * localStorage and in its cookie copy (cart-cookie.ts), both marked with when it changed.
 */
function update(change: (items: CartItem[]) => CartItem[]): void {
  const items = change(cartItems(readStored('cart')) ?? [])
  const changed = Date.now()
  writeStored('cart', { version: CART_VERSION, items, changed })
  writeCookie({ changed, items })
}

let reconciled = false

/**
 * Once per page load in the browser: the newer of the two copies wins. A cookie changed later (the product
 * page's form posted before the scripts ran) replaces the stored cart; otherwise the cookie is written from
 * the stored cart, so a cart kept before the cookie existed reaches the server too.
 */
export function reconcileCartCookie(): void {
  if (reconciled || typeof document === 'undefined') return
  reconciled = true
  const cookie = decodeCartCookie(cookieValue(document.cookie, CART_COOKIE))
  const stored = readStored('cart')
  const items = cartItems(stored)
  const storedChanged = typeof stored?.changed === 'number' ? stored.changed : 0
  if (cookie && (cookie.changed > storedChanged || !items)) {
    writeStored('cart', { version: CART_VERSION, items: cookie.items, changed: cookie.changed })
  } else if (items && (!cookie || cookie.changed !== storedChanged)) {
    writeCookie({ changed: storedChanged || Date.now(), items })
  }
}

/** Stable functions: safe to call from any handler. */
export const cartActions = {
  add: (product: string, variant: string | null, count = 1) => update((items) => addItem(items, product, variant, count)),
  setCount: (product: string, variant: string | null, count: number) =>
    update((items) => setCount(items, product, variant, count)),
  remove: (product: string, variant: string | null) => update((items) => removeItem(items, product, variant)),
  clear: () => update(() => []),
}

/**
 * The cart's items, following localStorage (this tab and others). Empty on the server and while
 * hydrating; a stored cart of another version is discarded.
 */
export function useCartItems(): CartItem[] {
  const stored = useStored('cart')
  const items = useMemo(() => (stored ? cartItems(stored) : []), [stored])
  useEffect(() => {
    if (stored && items === null) removeStored('cart')
  }, [stored, items])
  useEffect(reconcileCartCookie, [])
  return items ?? EMPTY
}

const EMPTY: CartItem[] = []
