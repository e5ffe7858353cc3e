import type { Review, ReviewPage } from '@shop/domain/schemas/review'

/**
 * A review as the shop's moderators see it (`GET /api/reviews/?shop=`), hidden ones included: the API adds
 * the order's short code and whether it is hidden for them.
 */
export type AdminReview = Review & Required<Pick<Review, 'orderId' | 'hidden'>>

export type AdminReviewPage = Omit<ReviewPage, 'data'> & { data: AdminReview[] }
