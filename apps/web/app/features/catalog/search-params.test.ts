import { describe, expect, it } from 'vitest'
import { parseSearch, searchHref, sortChoiceOf, toProductQuery } from './search-params'

const shop = '568e0e1e-63ec-470d-90b5-b8e4044ac2fc'
const category = '345f3377-735a-4d27-a54f-25e4bc1ed568'
const parse = (text: string) => parseSearch(new URLSearchParams(text))

describe('the product search (docs/product.md §7)', () => {
  it('defaults to newest first, all stock, page 1', () => {
    const search = parse('')
    expect(search).toEqual({ q: '', sort: 'newest', direction: 'desc', stock: 'all', category: '', page: 1 })
    expect(toProductQuery(search, shop)).toEqual({
      shop,
      available: true,
      $sort: { createdAt: -1 },
      $skip: 0,
      $limit: 12,
    })
  })

  it('maps the UI choices onto the API query', () => {
    const search = parse(`q=%20jackt%20&sort=price&direction=asc&stock=in-stock&category=${category}&page=3`)
    expect(search.q).toBe('jackt')
    expect(toProductQuery(search, shop)).toEqual({
      shop,
      available: true,
      $sort: { 'price.value': 1 },
      $skip: 24,
      $limit: 12,
      title: { $q: 'jackt' },
      inStock: true,
      category,
    })
    expect(toProductQuery(parse('stock=out&sort=price'), shop)).toMatchObject({ inStock: false, $sort: { 'price.value': -1 } })
    expect(toProductQuery(parse('stock=all'), shop)).not.toHaveProperty('inStock')
  })

  it('ignores values the API would refuse', () => {
    expect(parse('sort=title&direction=up&stock=some&category=1%20or%201&page=-4')).toEqual(parse(''))
    expect(parse('page=abc').page).toBe(1)
  })

  it('reads the filter form\'s combined order choice', () => {
    expect(parse('order=price-desc')).toMatchObject({ sort: 'price', direction: 'desc' })
    expect(parse('order=price-asc&sort=newest')).toMatchObject({ sort: 'price', direction: 'asc' })
    expect(parse('order=newest')).toMatchObject({ sort: 'newest', direction: 'desc' })
  })

  it('writes short addresses and round-trips them', () => {
    expect(searchHref({ q: 'kente', page: 1 })).toBe('/products/?q=kente')
    const search = parse(`q=bag&sort=price&direction=asc&stock=out&category=${category}&page=2`)
    expect(parse(searchHref(search).split('?')[1]!)).toEqual(search)
    expect(searchHref({})).toBe('/products/')
    expect(sortChoiceOf(search)).toBe('price-asc')
    expect(sortChoiceOf(parse(''))).toBe('newest')
  })
})
