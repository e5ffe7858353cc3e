import { FinancialAccountCreateBody } from '@shop/domain/schemas/payments'
import { describe, expect, it } from 'vitest'
import { validate } from '../../lib/form-errors'
import { accountBody, emptyAccountForm, isAccountFormDirty, visibleDigits } from './account-form'

const shop = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b'

describe('account form → body', () => {
  it('trims every field and passes the schema', () => {
    const body = accountBody(shop, { kind: 'mobile-money', provider: ' MTN MoMo ', accountName: ' Ama Owusu ', accountNumber: ' 024 555 0142 ' })
    expect(body).toEqual({ shop, kind: 'mobile-money', provider: 'MTN MoMo', accountName: 'Ama Owusu', accountNumber: '024 555 0142' })
    expect(validate(FinancialAccountCreateBody, body)).toEqual({})
  })

  it('names the fields the schema refuses, in plain words', () => {
    const errors = validate(FinancialAccountCreateBody, accountBody(shop, { ...emptyAccountForm, accountNumber: '12ab' }))
    expect(errors.provider).toBe('Use at least 2 characters')
    expect(errors.accountName).toBe('Use at least 2 characters')
    expect(errors.accountNumber).toBe('Use at least 6 characters')
    expect(validate(FinancialAccountCreateBody, accountBody(shop, { ...emptyAccountForm, provider: 'GCB', accountName: 'Ama', accountNumber: '12ab5678' })).accountNumber).toBe(
      'Use digits only (spaces, dashes and a leading + are fine)',
    )
  })

  it('is dirty once anything is typed', () => {
    expect(isAccountFormDirty(emptyAccountForm)).toBe(false)
    expect(isAccountFormDirty({ ...emptyAccountForm, accountNumber: '0' })).toBe(true)
  })
})

describe('visibleDigits', () => {
  it('keeps only the digits a masked number shows', () => {
    expect(visibleDigits('•••• 1234')).toBe('1234')
  })
})
