import { describe, expect, it } from 'vitest'
import type { ShopDomain } from '@shop/domain/schemas/shop'
import { checkSummary, domainStatus, domainStatusLabels, savedDomain } from './domain-verification'

const pending: ShopDomain = {
  domain: 'shop.example.com',
  status: 'pending',
  token: 'tok',
  txtRecord: { name: '_shoplet.shop.example.com', value: 'tok' },
  httpFile: { url: 'http://shop.example.com/.well-known/shoplet/tok', content: 'tok' },
  verifiedAt: null,
  checkedAt: null,
  checkError: null,
}
const time = (iso: string) => `at ${iso.slice(11, 16)}`

describe('domain status', () => {
  it('is the saved status, or unsaved for a domain only typed in', () => {
    expect(domainStatus(savedDomain([pending], 'shop.example.com'))).toBe('pending')
    expect(domainStatus(savedDomain([{ ...pending, status: 'verified' }], 'shop.example.com'))).toBe('verified')
    expect(domainStatus(savedDomain([pending], 'new.example.com'))).toBe('unsaved')
    expect(domainStatusLabels).toEqual({ verified: 'Verified', pending: 'Pending', unsaved: 'Not saved yet' })
  })
})

describe('checkSummary', () => {
  it('says nothing before the first check', () => {
    expect(checkSummary(pending, time)).toBeNull()
  })

  it('gives the reason a check did not verify the domain, with its time', () => {
    const checked = { ...pending, checkedAt: '2026-03-01T10:15:00.000Z', checkError: 'DNS: no TXT record at _shoplet.shop.example.com.' }
    expect(checkSummary(checked, time)).toBe('Not verified yet (checked at 10:15). DNS: no TXT record at _shoplet.shop.example.com.')
    expect(checkSummary({ ...checked, checkError: null }, time)).toBe('Not verified yet (checked at 10:15).')
  })

  it('says a verified domain shows the shop', () => {
    const verified = { ...pending, status: 'verified' as const, verifiedAt: '2026-03-01T10:16:00.000Z', checkedAt: '2026-03-01T10:16:00.000Z' }
    expect(checkSummary(verified, time)).toBe('Verified at 10:16: this domain shows your shop.')
  })
})
