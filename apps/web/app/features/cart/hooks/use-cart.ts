import { useEffect, useMemo } from 'react'
import { readStored, removeStored, useStored, writeStored } from '../../../lib/local-store'
import { CART_VERSION, type CartItem, addItem, cartItems, removeItem, setCount } from '../cart'

/** Applies `change` to the stored cart and persists the result at once (SPEC §4: every change). */
function update(change: (items: CartItem[]) => CartItem[]): void {
  const items = cartItems(readStored('cart')) ?? []
  writeStored('cart', { version: CART_VERSION, items: change(items) })
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
  return items ?? EMPTY
}

const EMPTY: CartItem[] = []
