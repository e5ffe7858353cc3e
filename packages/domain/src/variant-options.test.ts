import { describe, expect, it } from 'vitest'
import { optionsOf, parseOptionValues, variantCombinations } from './variant-options'
import { variantPriceMinor } from './variant-offer'

describe('parseOptionValues', () => {
  it('splits on commas, trims, drops blanks and repeats in any case', () => {
    expect(parseOptionValues(' S, M ,, L, m ')).toEqual(['S', 'M', 'L'])
    expect(parseOptionValues('  ')).toEqual([])
  })
})

describe('variantCombinations', () => {
  it('makes one variant per value of one option', () => {
    expect(variantCombinations([{ name: 'Size', values: ['S', 'M'] }])).toEqual([{ Size: 'S' }, { Size: 'M' }])
  })
  it('makes every combination of two options in the order written', () => {
    expect(variantCombinations([{ name: ' Size ', values: ['S', 'M'] }, { name: 'Colour', values: ['Red', 'Blue'] }])).toEqual([
      { Size: 'S', Colour: 'Red' },
      { Size: 'S', Colour: 'Blue' },
      { Size: 'M', Colour: 'Red' },
      { Size: 'M', Colour: 'Blue' },
    ])
  })
  it('skips options without a name or values; none makes no variants', () => {
    expect(variantCombinations([{ name: '', values: ['x'] }, { name: 'Size', values: [] }])).toEqual([])
    expect(variantCombinations([])).toEqual([])
  })
})

describe('optionsOf', () => {
  it('reads the options back from variants', () => {
    expect(optionsOf([{ features: { Size: 'S', Colour: 'Red' } }, { features: { Size: 'M', Colour: 'Red' } }])).toEqual([
      { name: 'Size', values: ['S', 'M'] },
      { name: 'Colour', values: ['Red'] },
    ])
  })
})

describe('variantPriceMinor', () => {
  const product = { priceMinor: 12_000, sellAtMinor: 10_000 }
  it('is the product\'s without a variant or a variant price', () => {
    expect(variantPriceMinor(product)).toEqual({ priceMinor: 12_000, sellAtMinor: 10_000, unitPriceMinor: 10_000 })
    expect(variantPriceMinor(product, {})).toEqual({ priceMinor: 12_000, sellAtMinor: 10_000, unitPriceMinor: 10_000 })
  })
  it('a variant price brings its own sale price, none when absent', () => {
    expect(variantPriceMinor(product, { priceMinor: 15_000 })).toEqual({ priceMinor: 15_000, sellAtMinor: 0, unitPriceMinor: 15_000 })
    expect(variantPriceMinor(product, { priceMinor: 15_000, sellAtMinor: 14_000 }).unitPriceMinor).toBe(14_000)
  })
  it('a variant sale price alone discounts the product price', () => {
    expect(variantPriceMinor(product, { sellAtMinor: 9_000 })).toEqual({ priceMinor: 12_000, sellAtMinor: 9_000, unitPriceMinor: 9_000 })
  })
})
