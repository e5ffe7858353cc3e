import { describe, expect, it } from 'vitest'
import { toQueryString } from '../../lib/api'
import {
  parseReviewFilter,
  ratingLabel,
  ratingOptionLabel,
  reviewFilterParams,
  reviewListQuery,
  starsText,
} from './review-query'

const SHOP = '00000000-0000-4000-8000-000000000001'

describe('reviewListQuery', () => {
  it('asks for the shop’s reviews newest first, a page at a time', () => {
    expect(toQueryString(reviewListQuery(SHOP, { rating: null, unanswered: false, page: 1 }))).toBe(
      `shop=${SHOP}&%24sort%5BcreatedAt%5D=-1&%24skip=0&%24limit=20`,
    )
  })

  it('filters on one rating', () => {
    expect(reviewListQuery(SHOP, { rating: 3, unanswered: false, page: 3 })).toEqual({
      shop: SHOP, rating: 3, $sort: { createdAt: -1 }, $skip: 40, $limit: 20,
    })
  })
})

describe('the filter in the address', () => {
  const parse = (search: string) => parseReviewFilter(new URLSearchParams(search))

  it('reads the rating and the page', () => {
    expect(parse('')).toEqual({ rating: null, unanswered: false, page: 1 })
    expect(parse('rating=4&page=2')).toEqual({ rating: 4, unanswered: false, page: 2 })
  })

  it('takes anything malformed as its default', () => {
    for (const search of ['rating=0', 'rating=6', 'rating=4.5', 'rating=', 'rating=abc', 'rating=-1']) {
      expect(parse(search).rating, search).toBeNull()
    }
    for (const search of ['page=0', 'page=-2', 'page=abc', 'page=']) {
      expect(parse(search).page, search).toBe(1)
    }
    expect(parse('page=99999999').page).toBe(10_000)
  })

  it('writes only what differs from the defaults, and reads back what it wrote', () => {
    expect(reviewFilterParams({ rating: null, unanswered: false, page: 1 }).toString()).toBe('')
    expect(reviewFilterParams({ rating: 5, unanswered: false, page: 1 }).toString()).toBe('rating=5')
    expect(reviewFilterParams({ rating: null, unanswered: false, page: 3 }).toString()).toBe('page=3')
    const filter = { rating: 2, unanswered: false, page: 4 }
    expect(parseReviewFilter(reviewFilterParams(filter))).toEqual(filter)
  })
})

describe('ratings as text', () => {
  it('draws five stars, the rating’s filled', () => {
    expect(starsText(5)).toBe('★★★★★')
    expect(starsText(4)).toBe('★★★★☆')
    expect(starsText(1)).toBe('★☆☆☆☆')
    expect(starsText(0)).toBe('☆☆☆☆☆')
    expect(ratingLabel(4)).toBe('4 out of 5 stars')
    expect(ratingOptionLabel(1)).toBe('1 star')
    expect(ratingOptionLabel(5)).toBe('5 stars')
  })
})

describe('reviews without a reply', () => {
  it('asks for the visible reviews without a reply, kept in the address as reply=none', () => {
    expect(parseReviewFilter(new URLSearchParams('reply=none')).unanswered).toBe(true)
    expect(parseReviewFilter(new URLSearchParams('reply=any')).unanswered).toBe(false)
    expect(reviewFilterParams({ rating: null, unanswered: true, page: 1 }).toString()).toBe('reply=none')
    expect(reviewListQuery(SHOP, { rating: null, unanswered: true, page: 1 })).toMatchObject({ replied: false, hidden: false })
  })
})
