import { describe, expect, it } from 'vitest'
import { parseProductFilters as parseFilters } from '../../lib/product-filters'
import { filtersToParams, pageCount, toListQuery } from './product-filters'

const category = '0b6c7a36-8f7e-4a55-9d2c-2f6a3f0b9a11'
const shop = '5f0c2a1e-1111-4222-8333-444455556666'

describe('product list filters', () => {
  it('reads the address, falling back to the defaults for anything unknown', () => {
    expect(parseFilters(new URLSearchParams(''))).toEqual({ q: '', stock: 'all', category: '', page: 1 })
    expect(parseFilters(new URLSearchParams(`q=%20shirt%20&stock=out&category=${category}&page=3`))).toEqual({
      q: 'shirt',
      stock: 'out',
      category,
      page: 3,
    })
    expect(parseFilters(new URLSearchParams('stock=some&category=nope&page=-2'))).toEqual({
      q: '',
      stock: 'all',
      category: '',
      page: 1,
    })
  })

  it('writes only what differs from the defaults, and reads back what it wrote', () => {
    expect(filtersToParams({ q: '', stock: 'all', category: '', page: 1 }).toString()).toBe('')
    const filters = { q: 'kente cloth', stock: 'in-stock' as const, category, page: 2 }
    const params = filtersToParams(filters)
    expect(params.toString()).toBe(`q=kente+cloth&stock=in-stock&category=${category}&page=2`)
    expect(parseFilters(params)).toEqual(filters)
  })

  it('asks the API for one page, searching titles and filtering stock and category, never by availability', () => {
    expect(toListQuery({ q: '', stock: 'all', category: '', page: 1 }, shop)).toEqual({ shop, $skip: 0, $limit: 20 })
    expect(toListQuery({ q: 'jackt', stock: 'out', category, page: 3 }, shop)).toEqual({
      shop,
      $skip: 40,
      $limit: 20,
      title: { $q: 'jackt' },
      inStock: false,
      category,
    })
    expect(toListQuery({ q: '', stock: 'in-stock', category: '', page: 1 }, shop).inStock).toBe(true)
  })

  it('counts the pages, an empty list being one', () => {
    expect(pageCount(0)).toBe(1)
    expect(pageCount(20)).toBe(1)
    expect(pageCount(21)).toBe(2)
    expect(pageCount(40)).toBe(2)
  })
})
