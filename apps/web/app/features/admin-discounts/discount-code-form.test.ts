import { describe, expect, it } from 'vitest'
import type { DiscountCode } from '@shop/domain/schemas/discount-code'
import { validate } from '../../lib/form-errors'
import {
  DiscountFormSchema,
  createBody,
  defaultExpiry,
  discountFormErrors,
  emptyDiscountForm,
  formOfCode,
  isDirty,
  patchBody,
  shopDay,
  type DiscountForm,
} from './discount-code-form'

const SHOP = '00000000-0000-4000-8000-000000000001'
const NOW = new Date('2031-06-10T12:00:00Z')

const form = (overrides: Partial<DiscountForm> = {}): DiscountForm => ({
  code: 'SAVE15',
  type: 'percentage',
  value: '15',
  expiresOn: '2031-06-17',
  noEndDate: false,
  usageLimit: '',
  minSubtotal: '',
  oncePerCustomer: false,
  firstOrderOnly: false,
  ...overrides,
})

const stored: DiscountCode = {
  _id: 'c1',
  shop: SHOP,
  code: 'GHS20',
  type: 'fixed',
  value: 20,
  minSubtotal: 100,
  expiresAt: '2031-12-31T23:59:59.000Z',
  expiresOn: '2031-12-31',
  usageLimit: 50,
  usedCount: 3,
  active: true,
  oncePerCustomer: false,
  firstOrderOnly: false,
  createdAt: '2031-01-01T00:00:00.000Z',
  updatedAt: '2031-01-01T00:00:00.000Z',
}

describe('expiry days', () => {
  it('counts days in Africa/Accra and defaults to 30 days from today', () => {
    expect(shopDay(new Date('2031-06-10T23:59:59Z'))).toBe('2031-06-10')
    expect(shopDay(new Date('2031-06-11T00:00:00Z'))).toBe('2031-06-11')
    expect(defaultExpiry(NOW)).toBe('2031-07-10')
    expect(defaultExpiry(new Date('2031-12-15T23:30:00Z'))).toBe('2032-01-14')
    expect(emptyDiscountForm(NOW)).toEqual({
      code: '', type: 'percentage', value: '', expiresOn: '2031-07-10', noEndDate: false, usageLimit: '', minSubtotal: '',
      oncePerCustomer: false, firstOrderOnly: false,
    })
  })
})

describe('createBody', () => {
  it('sends the trimmed code, numbers, and leaves out empty optional fields', () => {
    expect(createBody(form({ code: ' save15 ' }), SHOP)).toEqual({
      shop: SHOP, code: 'save15', type: 'percentage', value: 15, expiresOn: '2031-06-17',
    })
    expect(createBody(form({ type: 'fixed', value: '20.5', usageLimit: '3', minSubtotal: '100' }), SHOP)).toEqual({
      shop: SHOP, code: 'SAVE15', type: 'fixed', value: 20.5, expiresOn: '2031-06-17', usageLimit: 3, minSubtotal: 100,
    })
  })

  it('sends null for "No end date", whatever day the field still holds', () => {
    expect(createBody(form({ noEndDate: true }), SHOP)).toEqual({
      shop: SHOP, code: 'SAVE15', type: 'percentage', value: 15, expiresOn: null,
    })
    expect(createBody(form({ noEndDate: true, expiresOn: '' }), SHOP).expiresOn).toBeNull()
  })
})

describe('the rules: once per customer, first order only', () => {
  it('are sent when chosen on a new code, and only when changed on an existing one', () => {
    expect(createBody(form({ oncePerCustomer: true, firstOrderOnly: true }), SHOP)).toMatchObject({ oncePerCustomer: true, firstOrderOnly: true })
    expect(createBody(form(), SHOP)).not.toHaveProperty('oncePerCustomer')
    const initial = formOfCode({ ...stored, oncePerCustomer: true })
    expect(initial).toMatchObject({ oncePerCustomer: true, firstOrderOnly: false })
    expect(patchBody(initial, initial)).toEqual({})
    const changed = { ...initial, oncePerCustomer: false, firstOrderOnly: true }
    expect(isDirty(changed, initial)).toBe(true)
    expect(patchBody(changed, initial)).toEqual({ oncePerCustomer: false, firstOrderOnly: true })
  })
})

describe('patchBody', () => {
  it('sends only what changed; cleared limits become null', () => {
    const initial = formOfCode(stored)
    expect(initial).toEqual({
      code: 'GHS20', type: 'fixed', value: '20', expiresOn: '2031-12-31', noEndDate: false, usageLimit: '50', minSubtotal: '100',
      oncePerCustomer: false, firstOrderOnly: false,
    })
    expect(patchBody(initial, initial)).toEqual({})
    expect(patchBody({ ...initial, usageLimit: '', minSubtotal: '' }, initial)).toEqual({ usageLimit: null, minSubtotal: null })
    expect(patchBody({ ...initial, code: 'GHS25 ', expiresOn: '2032-01-31' }, initial)).toEqual({ code: 'GHS25', expiresOn: '2032-01-31' })
  })

  it('removes the end date with null, and sets one again on a code without one', () => {
    const initial = formOfCode(stored)
    const removed = { ...initial, noEndDate: true }
    expect(isDirty(removed, initial)).toBe(true)
    expect(patchBody(removed, initial)).toEqual({ expiresOn: null })
    // A day typed while "No end date" is chosen changes nothing.
    expect(patchBody({ ...removed, expiresOn: '2032-02-01' }, removed)).toEqual({})

    const endless = formOfCode({ ...stored, expiresAt: null, expiresOn: null })
    expect(endless).toMatchObject({ expiresOn: '', noEndDate: true })
    expect(patchBody(endless, endless)).toEqual({})
    expect(patchBody({ ...endless, noEndDate: false, expiresOn: '2032-03-01' }, endless)).toEqual({ expiresOn: '2032-03-01' })
  })

  it('sends the value with a new type, since a stored value means something else per type', () => {
    const initial = formOfCode(stored)
    expect(patchBody({ ...initial, type: 'percentage' }, initial)).toEqual({ type: 'percentage', value: 20 })
  })
})

describe('discountFormErrors', () => {
  it('accepts a valid code', () => {
    expect(discountFormErrors(createBody(form(), SHOP), form(), NOW)).toEqual({})
    expect(discountFormErrors(createBody(form({ expiresOn: '2031-06-10' }), SHOP), form(), NOW)).toEqual({})
  })

  it('says what is wrong at each field, with the schema’s rules and the ones that depend on the type', () => {
    const bad = form({ code: 'no spaces', value: '12.5', expiresOn: '', usageLimit: '0', minSubtotal: '-1' })
    expect(discountFormErrors(createBody(bad, SHOP), bad, NOW)).toEqual({
      code: 'Use 3 to 32 letters, digits, _ or -, without spaces',
      value: 'Must be a whole percent from 1 to 100',
      expiresOn: 'Choose the last day the code works, or No end date',
      usageLimit: 'Must be at least 1',
      minSubtotal: 'Must be at least 0',
    })
    const fixed = form({ type: 'fixed', value: '0', expiresOn: '2031-06-09', minSubtotal: '10.005' })
    expect(discountFormErrors(createBody(fixed, SHOP), fixed, NOW)).toEqual({
      value: 'Must be more than 0',
      expiresOn: 'Choose today or a later day',
      minSubtotal: 'Must be an amount with at most 2 decimals',
    })
    const cents = form({ type: 'fixed', value: '20.555' })
    expect(discountFormErrors(createBody(cents, SHOP), cents, NOW)).toEqual({ value: 'Must be an amount with at most 2 decimals' })
  })

  it('requires a value, also when an edit clears it, and calls text that is no number so', () => {
    const empty = form({ value: '' })
    expect(discountFormErrors(createBody(empty, SHOP), empty, NOW)).toEqual({ value: 'This field is required' })
    const initial = formOfCode(stored)
    const cleared = { ...initial, value: '' }
    expect(discountFormErrors(patchBody(cleared, initial), cleared, NOW)).toEqual({ value: 'This field is required' })
    const words = form({ usageLimit: 'ten' })
    expect(discountFormErrors(createBody(words, SHOP), words, NOW)).toEqual({ usageLimit: 'Enter a whole number' })
  })

  it('lets an unchanged edit of an expired code through, and checks a changed day', () => {
    const expired = formOfCode({ ...stored, expiresOn: '2031-01-31' })
    expect(discountFormErrors(patchBody(expired, expired), expired, NOW)).toEqual({})
    const renamed = { ...expired, code: 'GHS21' }
    expect(discountFormErrors(patchBody(renamed, expired), renamed, NOW)).toEqual({})
    const cleared = { ...expired, expiresOn: '' }
    expect(discountFormErrors(patchBody(cleared, expired), cleared, NOW)).toEqual({
      expiresOn: 'Choose the last day the code works, or No end date',
    })
  })

  it('accepts "No end date" when creating and editing, but not an empty day without it', () => {
    const endless = form({ noEndDate: true, expiresOn: '' })
    expect(discountFormErrors(createBody(endless, SHOP), endless, NOW)).toEqual({})
    const initial = formOfCode(stored)
    const removed = { ...initial, noEndDate: true }
    expect(discountFormErrors(patchBody(removed, initial), removed, NOW)).toEqual({})
    const endlessCode = formOfCode({ ...stored, expiresAt: null, expiresOn: null })
    const noDay = { ...endlessCode, noEndDate: false }
    expect(discountFormErrors(patchBody(noDay, endlessCode), noDay, NOW)).toEqual({
      expiresOn: 'Choose the last day the code works, or No end date',
    })
  })
})

describe('the form the page’s create and update intents take', () => {
  it('is the form as it opens, new or on a stored code', () => {
    expect(validate(DiscountFormSchema, emptyDiscountForm(NOW))).toEqual({})
    expect(validate(DiscountFormSchema, formOfCode(stored))).toEqual({})
  })

  it('refuses a discount type the API does not have, at the type field', () => {
    expect(validate(DiscountFormSchema, { ...form(), type: 'bogo' })).toEqual({ type: expect.any(String) })
    expect(validate(DiscountFormSchema, { ...form(), value: 15 })).toEqual({ value: 'This value is not valid' })
  })

  it('takes a negative amount as typed and leaves it to the API’s rules, which name the field', () => {
    const negative = form({ type: 'fixed', value: '-5', minSubtotal: '-1' })
    expect(validate(DiscountFormSchema, negative)).toEqual({})
    expect(discountFormErrors(createBody(negative, SHOP), negative, NOW)).toEqual({ value: 'Must be more than 0', minSubtotal: 'Must be at least 0' })
  })
})
