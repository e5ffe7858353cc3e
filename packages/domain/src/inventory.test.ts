import { describe, expect, it } from 'vitest'
import { availability, bestAvailability, isInStock, orderableCount } from './inventory'

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

describe('availability', () => {
  it('is unlimited without a row or with an untracked one', () => {
    expect(availability(undefined, 5)).toEqual({ level: 'in-stock' })
    expect(availability({ quantity: 0, tracked: false }, 5)).toEqual({ level: 'in-stock' })
  })
  it('is sold out at 0, low at or below the threshold, and hides counts above it', () => {
    expect(availability({ quantity: 0, tracked: true }, 5)).toEqual({ level: 'sold-out', left: 0 })
    expect(availability({ quantity: 1, tracked: true }, 5)).toEqual({ level: 'low', left: 1 })
    expect(availability({ quantity: 5, tracked: true }, 5)).toEqual({ level: 'low', left: 5 })
    expect(availability({ quantity: 6, tracked: true }, 5)).toEqual({ level: 'in-stock' })
  })
  it('with a threshold of 0 only says sold out', () => {
    expect(availability({ quantity: 1, tracked: true }, 0)).toEqual({ level: 'in-stock' })
    expect(availability({ quantity: 0, tracked: true }, 0)).toEqual({ level: 'sold-out', left: 0 })
  })
})

describe('orderableCount', () => {
  it('caps at what is left once low, and at the cap otherwise', () => {
    expect(orderableCount({ level: 'low', left: 3 }, 99)).toBe(3)
    expect(orderableCount({ level: 'sold-out', left: 0 }, 99)).toBe(0)
    expect(orderableCount({ level: 'in-stock' }, 99)).toBe(99)
  })
})

describe('bestAvailability', () => {
  it('takes an in-stock variant over low and sold-out ones', () => {
    expect(bestAvailability([{ level: 'sold-out', left: 0 }, { level: 'low', left: 2 }, { level: 'in-stock' }])).toEqual({ level: 'in-stock' })
  })

  it('takes the low variant with the most left, and sold out only when every variant is', () => {
    expect(bestAvailability([{ level: 'low', left: 1 }, { level: 'sold-out', left: 0 }, { level: 'low', left: 3 }])).toEqual({ level: 'low', left: 3 })
    expect(bestAvailability([{ level: 'sold-out', left: 0 }, { level: 'sold-out', left: 0 }])).toEqual({ level: 'sold-out', left: 0 })
  })
})
