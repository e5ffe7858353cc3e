import type { Page, Review } from '../../types/api'

/** A review as the shop's moderators see it (`GET /api/reviews/?shop=`), hidden ones included. */
export type AdminReview = Review & {
  /** The order's short code. */
  orderId: string
  hidden: boolean
}

export type AdminReviewPage = Page<AdminReview> & {
  /** Mean rating of the visible reviews, one decimal; null when there are none. */
  average: number | null
}
