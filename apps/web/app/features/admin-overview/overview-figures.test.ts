import { describe, expect, it } from 'vitest'
import { conversionText, countText, featuresText } from './overview-figures'

describe('overview figures as text', () => {
  it('shows conversion as a percentage, with a decimal while it is small', () => {
    expect(conversionText(null)).toBe('–')
    expect(conversionText(0)).toBe('0 %')
    expect(conversionText(0.0375)).toBe('3.8 %')
    expect(conversionText(0.25)).toBe('25 %')
    expect(conversionText(1.5)).toBe('150 %')
  })

  it('counts with the noun in the right number', () => {
    expect(countText(1, 'order')).toBe('1 order')
    expect(countText(0, 'order')).toBe('0 orders')
    expect(countText(1200, 'visit')).toBe('1,200 visits')
  })

  it('names a variant by its features', () => {
    expect(featuresText({ Colour: 'Red', Size: 'M' })).toBe('Red, M')
    expect(featuresText({})).toBe('')
  })
})
