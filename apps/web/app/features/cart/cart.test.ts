import { describe, expect, it } from 'vitest'
import { CART_VERSION, addItem, cartCount, cartItems, hasItem, removeItem, setCount } from './cart'

const shirt = '3f1c2a9e-4d7b-4e8a-9c1d-2b3a4c5d6e7f'
const soap = '8a7b6c5d-4e3f-4a1b-8c2d-3e4f5a6b7c8d'

describe('the cart (SPEC §3–§5)', () => {
  it('adds a product+variant pair only when absent, starting at count 1', () => {
    const one = addItem([], shirt, 'M')
    expect(one).toEqual([{ count: 1, product: shirt, variant: 'M' }])
    const bumped = setCount(one, shirt, 'M', 3)
    expect(addItem(bumped, shirt, 'M')).toEqual(bumped)
    expect(addItem(bumped, shirt, 'L')).toHaveLength(2)
    expect(addItem(bumped, soap, null)).toEqual([...bumped, { count: 1, product: soap, variant: null }])
    expect(hasItem(bumped, shirt, 'M')).toBe(true)
    expect(hasItem(bumped, shirt, null)).toBe(false)
  })

  it('changes counts to whole numbers of at least 1, and removes lines', () => {
    const items = addItem(addItem([], shirt, 'M'), soap, null)
    expect(setCount(items, soap, null, 4)[1]!.count).toBe(4)
    expect(setCount(items, soap, null, 0)).toEqual(items)
    expect(setCount(items, soap, null, 2.5)).toEqual(items)
    expect(setCount(items, soap, null, 5000)[1]!.count).toBe(1000)
    expect(removeItem(items, shirt, 'M')).toEqual([{ count: 1, product: soap, variant: null }])
    expect(cartCount(setCount(items, soap, null, 4))).toBe(5)
  })

  it('reads only version 2; any other version is to be discarded', () => {
    const items = [{ count: 2, product: shirt, variant: null }]
    expect(cartItems({ version: CART_VERSION, items })).toEqual(items)
    expect(cartItems({ version: 1, items })).toBeNull()
    expect(cartItems({ items })).toBeNull()
    expect(cartItems('nonsense')).toBeNull()
    expect(cartItems(null)).toBeNull()
    // Malformed lines inside a version-2 cart are dropped, not the whole cart.
    expect(cartItems({ version: 2, items: [...items, { count: 0, product: soap, variant: null }, { product: 1 }] })).toEqual(items)
  })
})
