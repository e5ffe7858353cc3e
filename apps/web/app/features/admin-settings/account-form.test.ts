import { AccountResolveBody, FinancialAccountCreateBody, FinancialAccountPatchBody } from '@shop/domain/schemas/payments'
import { describe, expect, it } from 'vitest'
import { validate } from '../../lib/form-errors'
import { emptyAccountForm, isAccountFormDirty, payoutCreateBody, payoutPatchBody, resolveBody, visibleDigits } from './account-form'

const shop = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b'

describe('payout account form → bodies', () => {
  it('resolves and saves the same bank and trimmed number, with no name typed', () => {
    const form = { kind: 'mobile-money' as const, bankCode: 'MTN', accountNumber: ' 024 555 0142 ' }
    expect(resolveBody(shop, form)).toEqual({ shop, kind: 'mobile-money', bankCode: 'MTN', accountNumber: '024 555 0142' })
    expect(payoutCreateBody(shop, form)).toEqual({ shop, payout: true, kind: 'mobile-money', bankCode: 'MTN', accountNumber: '024 555 0142' })
    expect(payoutPatchBody(form)).toEqual({ kind: 'mobile-money', bankCode: 'MTN', accountNumber: '024 555 0142' })
    expect(validate(AccountResolveBody, resolveBody(shop, form))).toEqual({})
    expect(validate(FinancialAccountCreateBody, payoutCreateBody(shop, form))).toEqual({})
    expect(validate(FinancialAccountPatchBody, payoutPatchBody(form))).toEqual({})
  })

  it('names the fields the schema refuses, in plain words', () => {
    const errors = validate(AccountResolveBody, resolveBody(shop, { ...emptyAccountForm, accountNumber: '12ab' }))
    expect(errors.bankCode).toBe('This field is required')
    expect(errors.accountNumber).toBe('Use at least 6 characters')
    expect(validate(AccountResolveBody, resolveBody(shop, { ...emptyAccountForm, bankCode: 'MTN', accountNumber: '12ab5678' })).accountNumber).toBe(
      'Use digits only (spaces, dashes and a leading + are fine)',
    )
  })

  it('is dirty once a bank is chosen or anything is typed', () => {
    expect(isAccountFormDirty(emptyAccountForm)).toBe(false)
    expect(isAccountFormDirty({ ...emptyAccountForm, accountNumber: '0' })).toBe(true)
    expect(isAccountFormDirty({ ...emptyAccountForm, bankCode: 'VOD' })).toBe(true)
  })
})

describe('visibleDigits', () => {
  it('keeps only the digits a masked number shows', () => {
    expect(visibleDigits('•••• 1234')).toBe('1234')
  })
})
