import { describe, expect, it } from 'vitest'
import { codeState, dayLabel, discountValueLabel, lastDayLabel, minSubtotalLabel, usageLabel } from './discount-code-display'

// Intl puts a no-break space between the currency code and the amount.
const plain = (text: string) => text.replace(/\s/g, ' ')

describe('discount code display', () => {
  it('shows percentages with a percent sign and fixed amounts as money', () => {
    expect(discountValueLabel({ type: 'percentage', value: 10 }, 'GHS')).toBe('10 %')
    expect(plain(discountValueLabel({ type: 'fixed', value: 20 }, 'GHS'))).toBe('GHS 20.00')
    expect(plain(discountValueLabel({ type: 'fixed', value: 1234.5 }, 'GHS'))).toBe('GHS 1,234.50')
  })

  it('shows the minimum subtotal, uses against the limit and the expiry day', () => {
    expect(minSubtotalLabel(0, 'GHS')).toBe('None')
    expect(plain(minSubtotalLabel(100, 'GHS'))).toBe('GHS 100.00')
    expect(usageLabel({ usedCount: 3, usageLimit: 10 })).toBe('3 / 10')
    expect(usageLabel({ usedCount: 0, usageLimit: null })).toBe('0 / no limit')
    expect(dayLabel('2031-06-15')).toBe('15 Jun 2031')
    expect(dayLabel('2032-01-01')).toBe('1 Jan 2032')
    expect(lastDayLabel('2031-06-15')).toBe('15 Jun 2031')
    expect(lastDayLabel(null)).toBe('No end date')
  })

  it('tells whether a code can be used now', () => {
    const now = new Date('2031-06-10T12:00:00Z')
    const live = { active: true, expiresAt: '2031-06-10T23:59:59Z', usedCount: 1, usageLimit: 2 }
    expect(codeState(live, now)).toBe('Active')
    expect(codeState({ ...live, active: false }, now)).toBe('Inactive')
    expect(codeState({ ...live, expiresAt: '2031-06-09T23:59:59Z' }, now)).toBe('Expired')
    expect(codeState({ ...live, usedCount: 2 }, now)).toBe('Used up')
    expect(codeState({ ...live, usageLimit: null, usedCount: 500 }, now)).toBe('Active')
    expect(codeState({ ...live, expiresAt: null }, now)).toBe('Active')
    expect(codeState({ ...live, expiresAt: null, active: false }, now)).toBe('Inactive')
  })
})
