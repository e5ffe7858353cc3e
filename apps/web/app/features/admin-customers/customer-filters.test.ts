import { describe, expect, it } from 'vitest'
import { customersHref, noCustomerFilters, parseCustomerFilters, toCustomerQuery } from './customer-filters'

describe('the customer list address', () => {
  it('reads q, owes, sort and page, and falls back for anything else', () => {
    expect(parseCustomerFilters(new URLSearchParams('q=%20Ama%20&owes=1&sort=spent&page=3'))).toEqual({ q: 'Ama', owes: true, sort: 'spent', page: 3 })
    expect(parseCustomerFilters(new URLSearchParams('owes=yes&sort=phone&page=-2'))).toEqual(noCustomerFilters)
    expect(parseCustomerFilters(new URLSearchParams('sort=toString'))).toEqual(noCustomerFilters)
  })

  it('writes only what is set', () => {
    expect(customersHref(noCustomerFilters)).toBe('/admin/orders/customers')
    expect(customersHref({ q: '024 412', owes: true, sort: 'name', page: 2 })).toBe('/admin/orders/customers?q=024+412&owes=1&sort=name&page=2')
  })

  it('asks the API for one page in the chosen order', () => {
    expect(toCustomerQuery({ q: 'Ama', owes: true, sort: 'orders', page: 2 }, 'shop-1')).toEqual({
      shop: 'shop-1',
      q: 'Ama',
      owes: 'true',
      $sort: { orders: -1 },
      $skip: 20,
      $limit: 20,
    })
    expect(toCustomerQuery(noCustomerFilters, 'shop-1')).toEqual({ shop: 'shop-1', $sort: { lastOrderAt: -1 }, $skip: 0, $limit: 20 })
  })
})
