import { describe, expect, it } from 'vitest'
import { codesPageParams, parseCodesPage } from './discount-code-list'

const parse = (search: string) => parseCodesPage(new URLSearchParams(search))

describe('the discount code list’s page in the address', () => {
  it('reads the page, the first when there is none', () => {
    expect(parse('')).toBe(1)
    expect(parse('page=3')).toBe(3)
  })

  it('takes a malformed page as the first and caps a huge one', () => {
    for (const search of ['page=0', 'page=-1', 'page=abc', 'page=']) expect(parse(search), search).toBe(1)
    expect(parse('page=99999999')).toBe(10_000)
  })

  it('leaves the first page out of the address, and reads back what it wrote', () => {
    expect(codesPageParams(1).toString()).toBe('')
    expect(codesPageParams(2).toString()).toBe('page=2')
    expect(parseCodesPage(codesPageParams(7))).toBe(7)
  })
})
