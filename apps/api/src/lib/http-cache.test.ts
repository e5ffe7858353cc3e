import { describe, expect, it } from 'vitest'
import { addVary, etagMatches, weakEtag } from './http-cache'

describe('weakEtag', () => {
  it('is the same for the same body and differs for another', () => {
    expect(weakEtag('{"a":1}')).toBe(weakEtag(Buffer.from('{"a":1}')))
    expect(weakEtag('{"a":1}')).not.toBe(weakEtag('{"a":2}'))
    expect(weakEtag('x')).toMatch(/^W\/"[\w-]+"$/)
  })
})

describe('etagMatches', () => {
  const tag = 'W/"abc"'
  it('compares weakly, in a list, or with *', () => {
    expect(etagMatches('W/"abc"', tag)).toBe(true)
    expect(etagMatches('"abc"', tag)).toBe(true)
    expect(etagMatches('"x", W/"abc"', tag)).toBe(true)
    expect(etagMatches('*', tag)).toBe(true)
  })

  it('refuses another tag or none', () => {
    expect(etagMatches('W/"abd"', tag)).toBe(false)
    expect(etagMatches(undefined, tag)).toBe(false)
    expect(etagMatches('', tag)).toBe(false)
  })
})

describe('addVary', () => {
  it('adds a header name once', () => {
    expect(addVary(undefined, 'Authorization')).toBe('Authorization')
    expect(addVary('Origin', 'Authorization')).toBe('Origin, Authorization')
    expect(addVary('Origin, authorization', 'Authorization')).toBe('Origin, authorization')
    expect(addVary('*', 'Authorization')).toBe('*')
  })
})
