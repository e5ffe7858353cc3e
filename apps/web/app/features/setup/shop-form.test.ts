import { describe, expect, it } from 'vitest'
import { ApiError } from '../../lib/api'
import { SLUG_TAKEN, checkNewShop, checkShopTitle, newShopServerErrors, slugProblem } from './shop-form'

describe('checkNewShop', () => {
  it('sends the trimmed title and slug', () => {
    expect(checkNewShop({ title: '  Kofi Kitchen ', slug: ' kofi-kitchen ' })).toEqual({
      body: { title: 'Kofi Kitchen', slug: 'kofi-kitchen' },
      errors: {},
    })
  })

  it('needs both', () => {
    expect(checkNewShop({ title: ' ', slug: '' }).errors).toEqual({
      title: 'This field is required',
      slug: 'This field is required',
    })
  })
})

describe('slugProblem', () => {
  it.each(['ab', 'Kofi', '-kofi', 'kofi-', 'ko--fi', 'kofi kitchen', 'x'.repeat(41)])('refuses %j', (slug) => {
    expect(slugProblem(slug)).toMatch(/^Use 3 to 40/)
  })

  it('explains a reserved name', () => {
    expect(slugProblem('admin')).toBe('This address is reserved; choose another')
  })

  it('accepts a good slug', () => {
    expect(slugProblem('kofi-kitchen-2')).toBeNull()
  })
})

describe('checkShopTitle', () => {
  it('sends the trimmed name, and refuses a blank one', () => {
    expect(checkShopTitle('  Esi Fabrics ')).toEqual({ body: { title: 'Esi Fabrics' }, errors: {} })
    expect(checkShopTitle('   ').errors).toEqual({ title: 'This field is required' })
    expect(checkShopTitle('x'.repeat(101)).errors).toEqual({ title: 'Use at most 100 characters' })
  })
})

describe('newShopServerErrors', () => {
  const refusal = (status: number, errors: { path: string; message: string }[]) =>
    new ApiError(`Request failed with status code ${status}`, status, { name: 'Conflict', message: 'The shop could not be created', code: status, className: 'conflict', errors })

  it('says a taken address the way the step does', () => {
    expect(newShopServerErrors(refusal(409, [{ path: 'slug', message: 'is already taken' }]))).toEqual({ slug: SLUG_TAKEN })
  })

  it('keeps the other messages at their fields, and the rest for the form', () => {
    expect(newShopServerErrors(refusal(400, [{ path: 'title', message: 'is too long' }]))).toEqual({ title: 'Is too long' })
    expect(newShopServerErrors(refusal(400, [{ path: 'owner', message: 'is unknown' }]))).toEqual({ form: 'The shop could not be created' })
  })
})
