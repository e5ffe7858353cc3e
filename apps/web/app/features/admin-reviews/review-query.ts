/** The staff review list's filter and page, as the API's query, and ratings as text. */
import type { Query } from '../../lib/api'

export const REVIEWS_PER_PAGE = 20
export const RATINGS = [5, 4, 3, 2, 1] as const

export type ReviewFilter = {
  /** One rating, or null for all. */
  rating: number | null
  skip: number
}

/** Newest first, hidden reviews included (the API adds them for moderators). */
export function reviewListQuery(shopId: string, filter: ReviewFilter): Query {
  return {
    shop: shopId,
    rating: filter.rating ?? undefined,
    $sort: { createdAt: -1 },
    $skip: filter.skip,
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
