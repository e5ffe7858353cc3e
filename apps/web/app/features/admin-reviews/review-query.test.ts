import { describe, expect, it } from 'vitest'
import { toQueryString } from '../../lib/api'
import { ratingLabel, ratingOptionLabel, reviewListQuery, starsText } from './review-query'

const SHOP = '00000000-0000-4000-8000-000000000001'

describe('reviewListQuery', () => {
  it('asks for the shop’s reviews newest first, a page at a time', () => {
    expect(toQueryString(reviewListQuery(SHOP, { rating: null, skip: 0 }))).toBe(
      `shop=${SHOP}&%24sort%5BcreatedAt%5D=-1&%24skip=0&%24limit=20`,
    )
  })

  it('filters on one rating', () => {
    expect(reviewListQuery(SHOP, { rating: 3, skip: 40 })).toEqual({
      shop: SHOP, rating: 3, $sort: { createdAt: -1 }, $skip: 40, $limit: 20,
    })
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
