import { describe, expect, it } from 'vitest'
import { discountValueProblem } from './discount-code'

describe('discountValueProblem', () => {
  it('takes whole percents from 1 to 100', () => {
    for (const value of [1, 15, 100]) expect(discountValueProblem('percentage', value)).toBeNull()
    for (const value of [0, 0.5, 12.5, 101, Number.NaN]) {
      expect(discountValueProblem('percentage', value)).toBe('must be a whole percent from 1 to 100')
    }
  })

  it('takes fixed amounts with at most 2 decimals', () => {
    for (const value of [20, 20.5, 0.01, 19.99]) expect(discountValueProblem('fixed', value)).toBeNull()
    for (const value of [20.005, Number.POSITIVE_INFINITY]) {
      expect(discountValueProblem('fixed', value)).toBe('must be an amount with at most 2 decimals')
    }
  })
})
