import { describe, expect, it } from 'vitest'
import { errorUnder, numberField } from './number-field'

describe('numberField', () => {
  it('turns numeric text into a number and leaves anything else as text', () => {
    expect(numberField(' 12.5 ')).toBe(12.5)
    expect(numberField('0')).toBe(0)
    expect(numberField('')).toBe('')
    expect(numberField('12abc')).toBe('12abc')
  })
})

describe('errorUnder', () => {
  it('finds a message at a path or below it', () => {
    expect(errorUnder({ regions: 'Add at least 1' }, 'regions')).toBe('Add at least 1')
    expect(errorUnder({ 'regions.2': 'is not a region' }, 'regions')).toBe('is not a region')
    expect(errorUnder({ 'rate.value': 'Enter a number' }, 'regions')).toBeUndefined()
  })
})
