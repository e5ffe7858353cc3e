import { describe, expect, it } from 'vitest'
import { CART_VERSION, addItem, cartCount, cartItems, hasItem, lineCap, removeItem, setCount } from './cart'

const shirt = '3f1c2a9e-4d7b-4e8a-9c1d-2b3a4c5d6e7f'
const soap = '8a7b6c5d-4e3f-4a1b-8c2d-3e4f5a6b7c8d'

describe('the cart (docs/product.md §3–§5)', () => {
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

describe('adding with a quantity, and the cap of a line', () => {
  it('starts a new line at the chosen count, within the line limit', () => {
    expect(addItem([], 'p', 'v', 3)).toEqual([{ count: 3, product: 'p', variant: 'v' }])
    expect(addItem([], 'p', null, 5000)[0]!.count).toBe(1000)
    expect(addItem([], 'p', null, 0)[0]!.count).toBe(1)
    expect(addItem([{ count: 2, product: 'p', variant: 'v' }], 'p', 'v', 3)).toEqual([{ count: 2, product: 'p', variant: 'v' }])
  })

  it('caps a line at what is left when the shop shows it, else at the line limit', () => {
    expect(lineCap({ level: 'low', left: 3 })).toBe(3)
    expect(lineCap({ level: 'sold-out', left: 0 })).toBe(0)
    expect(lineCap({ level: 'in-stock' })).toBe(1000)
    expect(lineCap(undefined)).toBe(1000)
    expect(lineCap({ level: 'in-stock' }, { checkedLeft: 40 })).toBe(40)
  })

  it("caps a line at the shop's most of one item per order when less is asked of it than is left", () => {
    expect(lineCap({ level: 'in-stock' }, { most: 10 })).toBe(10)
    expect(lineCap(undefined, { most: 10 })).toBe(10)
    expect(lineCap({ level: 'low', left: 3 }, { most: 10 })).toBe(3)
    expect(lineCap({ level: 'in-stock' }, { most: 10, checkedLeft: 6 })).toBe(6)
    expect(lineCap({ level: 'in-stock' }, { most: 10, checkedLeft: 40 })).toBe(10)
    expect(lineCap({ level: 'in-stock' }, { most: 5000 })).toBe(1000)
  })
})
