/**
 * The staff review list's filter and page, kept in the address (`?rating=4&reply=none&page=2`, so back and
 * reload keep them), as the API's query, and ratings as text.
 */
import type { Query } from '../../lib/api'
import { pageParam } from '../../lib/page-number'

export const REVIEWS_PER_PAGE = 20
export const RATINGS = [5, 4, 3, 2, 1] as const

export type ReviewFilter = {
  /** One rating, or null for all. */
  rating: number | null
  /** Only the visible reviews still without the shop's reply (the overview's to-do links here). */
  unanswered: boolean
  /** From 1. */
  page: number
}

/** The filter an address asks for; anything malformed means its default (all ratings, page 1). */
export function parseReviewFilter(params: URLSearchParams): ReviewFilter {
  const rating = Number(params.get('rating'))
  return {
    rating: (RATINGS as readonly number[]).includes(rating) ? rating : null,
    unanswered: params.get('reply') === 'none',
    page: pageParam(params),
  }
}

/** The address's search part for a filter: only what differs from the defaults. */
export function reviewFilterParams(filter: ReviewFilter): URLSearchParams {
  const params = new URLSearchParams()
  if (filter.rating !== null) params.set('rating', String(filter.rating))
  if (filter.unanswered) params.set('reply', 'none')
  if (filter.page > 1) params.set('page', String(filter.page))
  return params
}

/** Newest first, hidden reviews included (the API adds them for moderators). */
export function reviewListQuery(shopId: string, filter: ReviewFilter): Query {
  return {
    shop: shopId,
    rating: filter.rating ?? undefined,
    ...(filter.unanswered ? { replied: false, hidden: false } : {}),
    $sort: { createdAt: -1 },
    $skip: (filter.page - 1) * REVIEWS_PER_PAGE,
    $limit: REVIEWS_PER_PAGE,
  }
}

/** 4 → "★★★★☆". */
export function starsText(rating: number): string {
  const full = Math.max(0, Math.min(5, Math.round(rating)))
  return '★'.repeat(full) + '☆'.repeat(5 - full)
}

export function ratingLabel(rating: number): string {
  return `${rating} out of 5 stars`
}

/** The select's text for a rating filter. */
export function ratingOptionLabel(rating: number): string {
  return rating === 1 ? '1 star' : `${rating} stars`
}
