import type { Page } from '../../types/api'

/** A review as the shop's moderators see it (`GET /api/reviews/?shop=`), hidden ones included. */
export type AdminReview = {
  _id: string
  relatedOrder: string
  /** The order's short code. */
  orderId: string
  rating: number
  text: string
  reply: string | null
  repliedAt: string | null
  createdAt: string
  author: { name: string }
  hidden: boolean
}

export type AdminReviewPage = Page<AdminReview> & {
  /** Mean rating of the visible reviews, one decimal; null when there are none. */
  average: number | null
}
