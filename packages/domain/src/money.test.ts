import { describe, expect, it } from 'vitest'
import { buyerMessageKinds, isBuyerMessageKind, messageKindLabels, smsMessageKinds } from './messages'
import { formatMinor, formatMoney, formatMoneyOff } from './money'

describe('formatMoney', () => {
  it('writes the amount with its currency code, grouped, two decimals', () => {
    expect(formatMoney(1234.5, 'GHS').replace(/\u00a0/g, ' ')).toBe('GHS 1,234.50')
    expect(formatMoney(0, 'USD').replace(/\u00a0/g, ' ')).toBe('USD 0.00')
  })

  it('writes an unknown code as given rather than failing', () => {
    expect(formatMoney(5, 'XX1')).toBe('XX1 5.00')
  })

  it('writes minor units the same way', () => {
    expect(formatMinor(123_450, 'GHS')).toBe(formatMoney(1234.5, 'GHS'))
    expect(formatMinor(5, 'XX1')).toBe('XX1 0.05')
  })
})

describe('formatMoneyOff', () => {
  it('keeps the minus sign with the amount: a real minus and no-break spaces only', () => {
    const text = formatMoneyOff(19274.5, 'GHS')
    expect(text).toBe('\u2212\u00a0GHS\u00a019,274.50')
    expect(text).not.toMatch(/[ -]/)
  })

  it('writes no sign for nothing taken off', () => {
    expect(formatMoneyOff(0, 'GHS')).toBe(formatMoney(0, 'GHS'))
  })

  it('keeps an unknown code on the same line too', () => {
    expect(formatMoneyOff(5, 'XX1')).toBe('\u2212\u00a0XX1\u00a05.00')
  })
})

describe('buyer message kinds', () => {
  it('each have a label, and the SMS kinds are buyer kinds', () => {
    for (const kind of buyerMessageKinds) expect(messageKindLabels[kind]).toBeTruthy()
    expect(smsMessageKinds.every(isBuyerMessageKind)).toBe(true)
    expect(isBuyerMessageKind('staff-new-order')).toBe(false)
  })
})
