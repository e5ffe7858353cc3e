import { describe, expect, it } from 'vitest'
import { isValidEmail, normalizeEmail } from './account'
import { isMajorAmount, toMajor, toMinor } from './money'
import { isValidSlug } from './shop'

describe('slugs', () => {
  it.each(['demo', 'kente-house', 'abc', 'a1b2c3', 'x'.repeat(40)])('accepts %s', (slug) => {
    expect(isValidSlug(slug)).toBe(true)
  })
  it.each(['ab', 'x'.repeat(41), 'Demo', '-demo', 'demo-', 'de--mo', 'de mo', 'dé', 'www', 'api', ''])('refuses %j', (slug) => {
    expect(isValidSlug(slug)).toBe(false)
  })
})

describe('money', () => {
  it('converts between major and minor units without float drift', () => {
    expect(toMinor(19.99)).toBe(1999)
    expect(toMinor(0.1 + 0.2)).toBe(30)
    expect(toMajor(1999)).toBe(19.99)
  })
  it('accepts at most two decimals and no negatives', () => {
    expect(isMajorAmount(12.5)).toBe(true)
    expect(isMajorAmount(12.345)).toBe(false)
    expect(isMajorAmount(-1)).toBe(false)
    expect(isMajorAmount(Number.NaN)).toBe(false)
  })
})

describe('emails', () => {
  it('validates and normalizes', () => {
    expect(isValidEmail('ama@example.com')).toBe(true)
    expect(isValidEmail('ama@example')).toBe(false)
    expect(isValidEmail('a b@example.com')).toBe(false)
    expect(normalizeEmail('  Ama@Example.COM ')).toBe('ama@example.com')
  })
})
