import { describe, expect, it } from 'vitest'
import { stockBadge, stockLines } from './stock-summary'

describe('stockLines', () => {
  it('lists each variant with its exact tracked quantity', () => {
    const lines = stockLines({
      availability: { level: 'in-stock' },
      variants: [
        { _id: 's', features: { Size: 'S' }, availability: { level: 'low', left: 4 } },
        { _id: 'l', features: { Size: 'L', Colour: 'Red' }, availability: { level: 'sold-out', left: 0 } },
        { _id: 'xl', features: { Size: 'XL' }, availability: { level: 'in-stock' } },
      ],
      stock: [
        { variant: 's', quantity: 4, tracked: true },
        { variant: 'l', quantity: 0, tracked: true },
      ],
    })
    expect(lines).toEqual([
      { key: 's', label: 'S', quantity: 4, level: 'low' },
      { key: 'l', label: 'L / Red', quantity: 0, level: 'sold-out' },
      { key: 'xl', label: 'XL', quantity: null, level: 'in-stock' },
    ])
    expect(stockBadge(lines)).toBe('low')
  })

  it('gives a product without variants one line', () => {
    const lines = stockLines({ availability: { level: 'sold-out', left: 0 }, variants: [], stock: [{ variant: null, quantity: 0, tracked: true }] })
    expect(lines).toEqual([{ key: '', label: '', quantity: 0, level: 'sold-out' }])
    expect(stockBadge(lines)).toBe('sold-out')
    expect(stockBadge([{ key: '', label: '', quantity: null, level: 'in-stock' }])).toBeNull()
  })
})
