import { describe, expect, it } from 'vitest'
import { endOfDay, formatDateTime, formatShortDate } from './dates'

describe('formatShortDate', () => {
  const now = new Date('2026-11-22T15:30:00Z')
  it("shows today's time as HH:mm", () => {
    expect(formatShortDate(new Date('2026-11-22T08:05:00Z'), now)).toBe('08:05')
  })
  it("shows yesterday as 'Yesterday, HH:mm'", () => {
    expect(formatShortDate(new Date('2026-11-21T23:59:00Z'), now)).toBe('Yesterday, 23:59')
  })
  it('shows older dates as DD MMM', () => {
    expect(formatShortDate(new Date('2026-11-05T10:00:00Z'), now)).toBe('05 Nov')
    expect(formatShortDate(new Date('2025-01-20T10:00:00Z'), now)).toBe('20 Jan')
  })
  it('decides the day in the given time zone', () => {
    // 23:30 UTC on the 21st is already the 22nd in Lagos (UTC+1).
    expect(formatShortDate(new Date('2026-11-21T23:30:00Z'), now, 'Africa/Lagos')).toBe('00:30')
  })
})

describe('endOfDay', () => {
  it('is 23:59:59 in Accra (UTC+0)', () => {
    expect(endOfDay('2026-12-31')?.toISOString()).toBe('2026-12-31T23:59:59.000Z')
  })
  it('honours other zones', () => {
    expect(endOfDay('2026-06-01', 'Africa/Lagos')?.toISOString()).toBe('2026-06-01T22:59:59.000Z')
  })
  it('refuses impossible days', () => {
    expect(endOfDay('2026-02-30')).toBeNull()
    expect(endOfDay('tomorrow')).toBeNull()
  })
})

describe('formatDateTime', () => {
  it("writes the day, month, year and time in Accra's time", () => {
    expect(formatDateTime(new Date('2026-05-02T14:05:00Z'))).toBe('2 May 2026, 14:05')
  })
  it('uses the time zone it is given', () => {
    expect(formatDateTime(new Date('2026-12-31T23:30:00Z'), 'Africa/Lagos')).toBe('1 Jan 2027, 00:30')
  })
})
