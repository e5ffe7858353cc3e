import { describe, expect, it } from 'vitest'
import { stockText } from './stock-text'

describe('stockText', () => {
  it('names the level, with the count only when low', () => {
    expect(stockText({ level: 'in-stock' })).toBe('In stock')
    expect(stockText({ level: 'low', left: 3 })).toBe('Only 3 left')
    expect(stockText({ level: 'sold-out', left: 0 })).toBe('Sold out')
  })
})
