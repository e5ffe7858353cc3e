import { describe, expect, it } from 'vitest'
import { searchWords, suggestSearch, swappedLetters, wordSimilarity } from './search-suggestion'

describe('wordSimilarity', () => {
  it('counts shared trigrams of the padded words as pg_trgm does', () => {
    // choclate: 9 trigrams, chocolate: 10, 7 shared → 7 / 12.
    expect(wordSimilarity('choclate', 'chocolate')).toBeCloseTo(7 / 12)
    expect(wordSimilarity('Shirt', 'shirt')).toBe(1)
    expect(wordSimilarity('shirt', 'cocoa')).toBe(0)
  })
})

describe('swappedLetters', () => {
  it('finds two neighbouring letters swapped, in words of four letters or more', () => {
    expect(swappedLetters('shrit', 'shirt')).toBe(true)
    expect(swappedLetters('Jakcet', 'jacket')).toBe(true)
    expect(swappedLetters('hsirt', 'shirt')).toBe(true)
    expect(swappedLetters('shirt', 'shirt')).toBe(false)
    expect(swappedLetters('srhit', 'shirt')).toBe(false)
    expect(swappedLetters('shtir', 'shirt')).toBe(false)
    expect(swappedLetters('shirts', 'shirt')).toBe(false)
    expect(swappedLetters('hta', 'hat')).toBe(false)
  })
})

describe('searchWords', () => {
  it('splits on anything but letters and digits, lower-cased', () => {
    expect(searchWords('Kente-print  shirt, 100g!')).toEqual(['kente', 'print', 'shirt', '100g'])
    expect(searchWords('Café  ')).toEqual(['café'])
  })
})

describe('suggestSearch', () => {
  const titles = ['Dark chocolate bar', 'Chocolate spread', 'Kente print shirt']

  it('respells a misspelt word from the titles', () => {
    expect(suggestSearch('choclate', titles)).toBe('chocolate')
    expect(suggestSearch('dark choclate', titles)).toBe('dark chocolate')
    expect(suggestSearch('Kente shirrt', titles)).toBe('kente shirt')
    expect(suggestSearch('kente shrit', titles)).toBe('kente shirt')
    expect(suggestSearch('chocolate sperad', titles)).toBe('chocolate spread')
  })

  it('suggests nothing when every word is found or none is near', () => {
    expect(suggestSearch('chocolate', titles)).toBeNull()
    expect(suggestSearch('choc', titles)).toBeNull()
    expect(suggestSearch('zzzz', titles)).toBeNull()
    expect(suggestSearch('choclate', [])).toBeNull()
  })
})
