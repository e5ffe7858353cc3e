import { describe, expect, it } from 'vitest'
import { problemAt, problemsElsewhere } from './field-problems'
import { newOrderProblems } from './new-order-problems'

describe('new order problems', () => {
  it("puts each refused path of the order beside the form's part it is about", () => {
    expect(
      newOrderProblems({
        'items.1.count': 'Only 2 left',
        'delivery.region': 'Choose your region',
        'delivery.address': 'This field is required',
        'delivery.phone': 'Not a phone number',
        'discount.code': 'This code has expired',
        'adjustment.reason': 'This field is required',
        'paidNow.amount': 'Must be more than 0',
      }),
    ).toEqual({
      lines: 'Only 2 left',
      region: 'Choose your region',
      address: 'This field is required',
      phone: 'Not a phone number',
      code: 'This code has expired',
      discount: 'This field is required',
      paid: 'Must be more than 0',
    })
  })

  it("keeps the first message of a part, and sends what no part shows to the form's message", () => {
    expect(newOrderProblems({ phone: 'Enter a phone', 'delivery.phone': 'Not a phone number', idempotencyKey: 'This value is not valid' })).toEqual({
      phone: 'Enter a phone',
      form: 'This value is not valid',
    })
    expect(newOrderProblems({ itemsCount: 'Too many' })).toEqual({ form: 'Too many' })
  })
})

describe('field problems', () => {
  it("finds a field's problem at its path or inside it, and leaves the rest for the form", () => {
    const problems = { 'items.0.count': 'Must be at least 1', 'delivery.rate': 'Choose a rate', form: 'The order changed meanwhile' }
    expect(problemAt(problems, 'items.0')).toBe('Must be at least 1')
    expect(problemAt(problems, 'items.1')).toBeUndefined()
    expect(problemAt(problems, 'delivery')).toBe('Choose a rate')
    expect(problemsElsewhere(problems, ['items.0', 'delivery.rate'])).toEqual({ form: 'The order changed meanwhile' })
    expect(problemsElsewhere(problems, ['items.1'])).toEqual(problems)
  })
})
