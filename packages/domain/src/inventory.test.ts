import { describe, expect, it } from 'vitest'
import { isInStock } from './inventory'

describe('isInStock', () => {
  it('is in stock without tracked rows', () => {
    expect(isInStock([])).toBe(true)
    expect(isInStock([{ quantity: 0, tracked: false }])).toBe(true)
  })
  it('is in stock when any row is untracked', () => {
    expect(isInStock([{ quantity: 0, tracked: true }, { quantity: 0, tracked: false }])).toBe(true)
  })
  it('follows tracked quantities', () => {
    expect(isInStock([{ quantity: 0, tracked: true }, { quantity: 2, tracked: true }])).toBe(true)
    expect(isInStock([{ quantity: 0, tracked: true }, { quantity: 0 }])).toBe(false)
  })
})
