import type { ReviewPage } from '@shop/domain/schemas/review'
import { listReviews } from '../../api/reviews/list-reviews'
import type { ApiClient } from '../../lib/api'

/** How many of a product's reviews its page shows; the rest are on `/reviews?product=`. */
export const PRODUCT_PAGE_REVIEWS = 3

/**
 * A product's latest visible reviews with their count and average, for its page (decision 81); null when
 * they could not be read, so the product still shows without them.
 */
export function latestProductReviews(client: ApiClient, shopId: string, productId: string): Promise<ReviewPage | null> {
  return listReviews(client, {
    shop: shopId,
    product: productId,
    // A logged-in moderator sees what a shopper sees.
    hidden: false,
    $sort: { createdAt: -1 },
    $limit: PRODUCT_PAGE_REVIEWS,
  }).catch(() => null)
}
