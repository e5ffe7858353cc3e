import { describe, expect, it } from 'vitest'
import { checkNewShop, slugProblem } from './shop-form'

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
