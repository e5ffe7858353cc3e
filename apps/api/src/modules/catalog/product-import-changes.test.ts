import { describe, expect, it } from 'vitest'
import type { ProductWithStock } from './catalog.dto'
import { importChanges, sameProductFields } from './product-import-changes'
import type { ImportedProduct } from './product.repository'

const stored: ProductWithStock = {
  id: 'p1',
  shopId: 's1',
  title: 'Kente shirt',
  description: 'Hand-woven',
  priceMinor: 12000,
  currency: 'GHS',
  sellAtMinor: 0,
  images: [],
  // As jsonb gives them back: keys in its own order, not the order they were written in.
  variants: [
    { features: { Size: 'M' }, _id: 'm', sku: 'KS-M' },
    { features: { Size: 'L' }, _id: 'l' },
  ],
  categoryIds: ['c1', 'c2'],
  available: true,
  inStock: true,
  createdAt: new Date(0),
  updatedAt: new Date(0),
  stock: [
    { variantId: 'm', quantity: 4, tracked: true },
    { variantId: 'l', quantity: 0, tracked: true },
  ],
  lowStockThreshold: 3,
}

const fromFile: ImportedProduct = {
  id: 'p1',
  title: 'Kente shirt',
  description: 'Hand-woven',
  priceMinor: 12000,
  sellAtMinor: 0,
  available: true,
  categoryIds: ['c1', 'c2'],
  variants: [
    { _id: 'm', features: { Size: 'M' }, sku: 'KS-M' },
    { _id: 'l', features: { Size: 'L' } },
  ],
}
const fileStock = [
  { productId: 'p1', variantId: 'm', quantity: 4 },
  { productId: 'p1', variantId: 'l', quantity: 0 },
]
const existing = new Map([[stored.id, stored]])

describe('sameProductFields', () => {
  it('holds for the fields as stored, whatever order the variants\' keys come in', () => {
    expect(sameProductFields(stored, fromFile, 'GHS')).toBe(true)
  })

  it.each([
    ['title', { title: 'Kente shirt, blue' }],
    ['description', { description: 'Hand-woven in Bonwire' }],
    ['price', { priceMinor: 12500 }],
    ['sale price', { sellAtMinor: 9900 }],
    ['published', { available: false }],
    ['categories', { categoryIds: ['c1'] }],
    ['category order', { categoryIds: ['c2', 'c1'] }],
    ['a variant\'s SKU', { variants: [{ _id: 'm', features: { Size: 'M' } }, { _id: 'l', features: { Size: 'L' } }] }],
    ['a variant\'s price', { variants: [{ _id: 'm', features: { Size: 'M' }, sku: 'KS-M', priceMinor: 13000 }, { _id: 'l', features: { Size: 'L' } }] }],
    ['the variants\' order', { variants: [{ _id: 'l', features: { Size: 'L' } }, { _id: 'm', features: { Size: 'M' }, sku: 'KS-M' }] }],
  ])('fails when the file changes the %s', (_name, change) => {
    expect(sameProductFields(stored, { ...fromFile, ...change }, 'GHS')).toBe(false)
  })

  it('fails when the shop\'s currency is not the stored one', () => {
    expect(sameProductFields(stored, fromFile, 'NGN')).toBe(false)
  })
})

describe('importChanges', () => {
  it('changes nothing for a product and stock the file leaves as they are', () => {
    expect(importChanges([{ product: fromFile, stock: fileStock }], existing, 'GHS')).toEqual({ fields: [], stock: [], removedVariants: [], restocked: [] })
  })

  it('writes the fields of a product the file edits, not its unchanged stock', () => {
    const edited = { ...fromFile, title: 'Kente shirt, blue' }
    expect(importChanges([{ product: edited, stock: fileStock }], existing, 'GHS')).toEqual({ fields: [edited], stock: [], removedVariants: [], restocked: [] })
  })

  it('sets only the stock rows whose count changed, and works the product\'s in-stock flag out again', () => {
    const stock = [fileStock[0]!, { productId: 'p1', variantId: 'l', quantity: 6 }]
    expect(importChanges([{ product: fromFile, stock }], existing, 'GHS')).toEqual({
      fields: [],
      stock: [{ productId: 'p1', variantId: 'l', quantity: 6 }],
      removedVariants: [],
      restocked: ['p1'],
    })
  })

  it('sets a row that is not tracked, or not there, even with the same count', () => {
    const untracked = { ...stored, stock: [{ variantId: 'm', quantity: 4, tracked: false }] }
    const changes = importChanges([{ product: fromFile, stock: fileStock }], new Map([[stored.id, untracked]]), 'GHS')
    expect(changes.stock).toEqual(fileStock)
    expect(changes.restocked).toEqual(['p1'])
  })

  it('removes the rows of a variant the file drops', () => {
    const onlyM = { ...fromFile, variants: [fromFile.variants[0]!] }
    expect(importChanges([{ product: onlyM, stock: [fileStock[0]!] }], existing, 'GHS')).toEqual({
      fields: [onlyM],
      stock: [],
      removedVariants: [{ productId: 'p1', variantIds: ['m'] }],
      restocked: ['p1'],
    })
  })

  it('keeps the product\'s own row ("") when it has no variants', () => {
    const plain = { ...stored, variants: [], stock: [{ variantId: '', quantity: 2, tracked: true }] }
    const file = { ...fromFile, variants: [] }
    expect(importChanges([{ product: file, stock: [{ productId: 'p1', variantId: '', quantity: 2 }] }], new Map([[plain.id, plain]]), 'GHS')).toEqual({
      fields: [],
      stock: [],
      removedVariants: [],
      restocked: [],
    })
  })
})
