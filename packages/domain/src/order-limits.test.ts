import { describe, expect, it } from 'vitest'
import { buyerKeyAtCap, confirmDeadline, hoursWords, linesOverMost } from './order-limits'

describe('linesOverMost', () => {
  it('names the lines above the most, and only those', () => {
    expect(linesOverMost([{ count: 10 }, { count: 11 }, { count: 1 }, { count: 1000 }], 10)).toEqual([1, 3])
    expect(linesOverMost([{ count: 10 }], 10)).toEqual([])
    expect(linesOverMost([], 1)).toEqual([])
  })
})

describe('buyerKeyAtCap', () => {
  it('answers the first of phone, e-mail and address that has the cap already', () => {
    expect(buyerKeyAtCap({ phone: 2, email: 2, address: 2 }, 3)).toBeNull()
    expect(buyerKeyAtCap({ phone: 0, email: 3, address: 5 }, 3)).toBe('email')
    expect(buyerKeyAtCap({ phone: 3, email: 3 }, 3)).toBe('phone')
    expect(buyerKeyAtCap({ address: 1 }, 1)).toBe('address')
    expect(buyerKeyAtCap({}, 1)).toBeNull()
  })
})

describe('confirmDeadline', () => {
  it('is the window after the order was placed', () => {
    const placed = new Date('2026-03-02T10:15:00Z')
    expect(confirmDeadline(placed, 48).toISOString()).toBe('2026-03-04T10:15:00.000Z')
    expect(confirmDeadline(placed, 1).toISOString()).toBe('2026-03-02T11:15:00.000Z')
  })
})

describe('hoursWords', () => {
  it('says the window as a person would', () => {
    expect([1, 2, 24, 36, 48, 72, 100, 720].map(hoursWords)).toEqual([
      '1 hour', '2 hours', '24 hours', '36 hours', '2 days', '3 days', '100 hours', '30 days',
    ])
  })
})
