import { describe, expect, it } from 'vitest'
import { dayBounds, noOrderFilters, ordersHref, pageRange, parseOrderFilters, toOrderQuery } from './order-filters'
import { toQueryString } from '../../lib/api'

const SHOP = '4b7c2f0e-8d1a-4c3b-9e5f-6a7b8c9d0e1f'

describe('parseOrderFilters', () => {
  it('reads status, days, search and page from the address', () => {
    const filters = parseOrderFilters(new URLSearchParams('status=ready&from=2024-03-01&to=2024-03-07&q=%20k3x%20&page=3'))
    expect(filters).toEqual({ status: 'ready', from: '2024-03-01', to: '2024-03-07', q: 'k3x', unpaid: false, refunds: false, source: null, page: 3 })
    expect(parseOrderFilters(new URLSearchParams('unpaid=1')).unpaid).toBe(true)
    expect(parseOrderFilters(new URLSearchParams('unpaid=yes')).unpaid).toBe(false)
    expect(parseOrderFilters(new URLSearchParams('refunds=1')).refunds).toBe(true)
    expect(parseOrderFilters(new URLSearchParams('source=whatsapp')).source).toBe('whatsapp')
    expect(parseOrderFilters(new URLSearchParams('source=telegram')).source).toBeNull()
  })

  it('keeps the source in the address and sends it to the API', () => {
    const filters = { ...noOrderFilters, source: 'walk-in' as const }
    expect(ordersHref(filters)).toBe('/admin/orders?source=walk-in')
    expect(toOrderQuery(filters, SHOP).source).toBe('walk-in')
  })

  it('ignores what is not a status, a day or a page', () => {
    const filters = parseOrderFilters(new URLSearchParams('status=lost&from=yesterday&to=2024-02-30&page=-2'))
    expect(filters).toEqual(noOrderFilters)
    expect(parseOrderFilters(new URLSearchParams('page=abc')).page).toBe(1)
  })

  it('turns a backwards range round', () => {
    const filters = parseOrderFilters(new URLSearchParams('from=2024-03-07&to=2024-03-01'))
    expect([filters.from, filters.to]).toEqual(['2024-03-01', '2024-03-07'])
  })
})

describe('dayBounds', () => {
  it('spans the whole day in the shop time zone (Accra is UTC)', () => {
    expect(dayBounds('2024-03-01')).toEqual({
      start: Date.parse('2024-03-01T00:00:00.000Z'),
      end: Date.parse('2024-03-01T23:59:59.999Z'),
    })
    expect(dayBounds('2024-13-01')).toBeNull()
  })
})

describe('toOrderQuery', () => {
  it('asks for the newest acked orders of the shop, one page', () => {
    expect(toQueryString(toOrderQuery(noOrderFilters, SHOP))).toBe(
      `shop=${SHOP}&acked=true&%24sort%5BcreatedAt%5D=-1&%24skip=0&%24limit=20`,
    )
  })

  it('sends the status as a $or filter, the days as createdAt bounds in ms, the search as q (number, name, e-mail or phone)', () => {
    const query = toOrderQuery({ status: 'dispatched', from: '2024-03-01', to: '2024-03-07', q: 'K3X', unpaid: false, refunds: false, source: null, page: 2 }, SHOP, 10)
    expect(query).toEqual({
      shop: SHOP,
      acked: true,
      $sort: { createdAt: -1 },
      $skip: 10,
      $limit: 10,
      $or: [{ status: 'dispatched' }],
      createdAt: { $gte: Date.parse('2024-03-01T00:00:00Z'), $lte: Date.parse('2024-03-07T23:59:59.999Z') },
      q: 'K3X',
    })
    expect(decodeURIComponent(toQueryString(query))).toContain('$or[0][status]=dispatched')
  })

  it('sends only the bound that is set', () => {
    const query = toQueryString(toOrderQuery({ ...noOrderFilters, to: '2024-03-07' }, SHOP))
    expect(decodeURIComponent(query)).toContain(`createdAt[$lte]=${Date.parse('2024-03-07T23:59:59.999Z')}`)
    expect(query).not.toContain('gte')
  })
})

describe('ordersHref', () => {
  it('keeps only what is set, and page 1 out', () => {
    expect(ordersHref(noOrderFilters)).toBe('/admin/orders')
    expect(ordersHref({ status: 'placed', page: 1 })).toBe('/admin/orders?status=placed')
    expect(ordersHref({ status: 'placed', from: '2024-03-01', to: '2024-03-02', q: 'AB', page: 2 })).toBe(
      '/admin/orders?status=placed&from=2024-03-01&to=2024-03-02&q=AB&page=2',
    )
  })

  it('round-trips through parseOrderFilters', () => {
    const filters = { status: 'ready', from: '2024-03-01', to: '2024-03-02', q: 'AB', unpaid: true, refunds: true, source: null, page: 4 } as const
    const href = ordersHref(filters)
    expect(href).toContain('unpaid=1')
    expect(href).toContain('refunds=1')
    expect(parseOrderFilters(new URL(href, 'http://x').searchParams)).toEqual(filters)
    // The API is asked for orders with a balance due.
    expect(toOrderQuery(filters, SHOP)).toMatchObject({ unpaid: 'true', refundDue: 'true' })
  })
})

describe('pageRange', () => {
  it('names the first and last order shown and the number of pages', () => {
    expect(pageRange(1, 20, 93)).toEqual({ first: 1, last: 20, pages: 5 })
    expect(pageRange(5, 20, 93)).toEqual({ first: 81, last: 93, pages: 5 })
    expect(pageRange(1, 20, 0)).toEqual({ first: 0, last: 0, pages: 1 })
  })
})
