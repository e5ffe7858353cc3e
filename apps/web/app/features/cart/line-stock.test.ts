import { describe, expect, it } from 'vitest'
import type { Product, ProductVariant } from '@shop/domain/schemas/catalog'
import { stockProblem } from './line-stock'
import type { LineStock } from './hooks/use-stock-check'

const variant = (availability: ProductVariant['availability']): ProductVariant => ({ _id: 'v', features: { Size: 'L' }, availability })
const product = { variants: [variant({ level: 'in-stock' })], availability: { level: 'in-stock' } } as Product
const line = (count: number, availability: ProductVariant['availability']) => ({
  item: { product: 'p', variant: 'v', count },
  product,
  variant: variant(availability),
})
const checked = (enough: boolean, left?: number): LineStock => ({
  product: 'p',
  variant: 'v',
  count: 9,
  enough,
  gone: false,
  availability: left === undefined ? { level: 'in-stock' } : { level: left === 0 ? 'sold-out' : 'in-stock', left },
})

describe('stockProblem', () => {
  it('is none while there is enough', () => {
    expect(stockProblem(line(3, { level: 'in-stock' }), undefined)).toBeNull()
    expect(stockProblem(line(3, { level: 'low', left: 3 }), checked(true))).toBeNull()
  })

  it('marks a sold-out line', () => {
    expect(stockProblem(line(1, { level: 'sold-out', left: 0 }), undefined)).toEqual({ kind: 'stock', message: 'Sold out: please remove it.' })
    expect(stockProblem(line(1, { level: 'in-stock' }), checked(false, 0))).toEqual({ kind: 'stock', message: 'Sold out: please remove it.' })
  })

  it('offers the count that is left when a line asks more', () => {
    expect(stockProblem(line(5, { level: 'low', left: 3 }), undefined)).toEqual({ kind: 'stock', message: 'Only 3 left: lower the quantity to 3 or fewer.', fix: 3 })
    expect(stockProblem(line(999, { level: 'in-stock' }), checked(false, 40))).toEqual({ kind: 'stock', message: 'Only 40 left: lower the quantity to 40 or fewer.', fix: 40 })
  })

  it("asks for no more than the shop's most of one item per order, offering the lower count when stock is short too", () => {
    const most = { kind: 'most', message: 'The shop sells at most 10 of one item per order: lower the quantity to 10 or fewer.', fix: 10 }
    expect(stockProblem(line(10, { level: 'in-stock' }), undefined, 10)).toBeNull()
    expect(stockProblem(line(11, { level: 'in-stock' }), undefined, 10)).toEqual(most)
    expect(stockProblem(line(999, { level: 'in-stock' }), checked(false, 40), 10)).toEqual(most)
    expect(stockProblem(line(999, { level: 'in-stock' }), checked(false, 6), 10)).toEqual({ kind: 'stock', message: 'Only 6 left: lower the quantity to 6 or fewer.', fix: 6 })
    expect(stockProblem(line(12, { level: 'low', left: 3 }), undefined, 10)).toMatchObject({ kind: 'stock', fix: 3 })
  })
})
