import { describe, expect, it } from 'vitest'
import { dayLabel, lastDays, longDayLabel, parseChartRange } from './chart-days'

describe('lastDays', () => {
  it('ends today in Accra and spans the number of days asked for', () => {
    const now = new Date('2024-03-10T23:30:00Z')
    expect(lastDays(7, now)).toEqual({ from: '2024-03-04', to: '2024-03-10' })
    expect(lastDays(30, now)).toEqual({ from: '2024-02-10', to: '2024-03-10' })
  })

  it('crosses month and year ends', () => {
    expect(lastDays(7, new Date('2024-01-02T08:00:00Z'))).toEqual({ from: '2023-12-27', to: '2024-01-02' })
  })
})

describe('parseChartRange', () => {
  it('is 30 only when asked, else 7', () => {
    expect(parseChartRange('30')).toBe(30)
    expect(parseChartRange('7')).toBe(7)
    expect(parseChartRange(null)).toBe(7)
    expect(parseChartRange('90')).toBe(7)
  })
})

describe('day labels', () => {
  it('reads a day without shifting it by the time zone', () => {
    expect(dayLabel('2024-03-03')).toBe('3 Mar')
    expect(longDayLabel('2024-03-03')).toBe('Sun 3 Mar')
  })
})
