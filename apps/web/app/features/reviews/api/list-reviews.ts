import type { ApiClient } from '../../../lib/api'
import type { ReviewPage } from '../../../types/api'

/** A shop's visible reviews with their average (`GET /api/reviews/?shop=`), newest first. */
export function listReviews(
  client: ApiClient,
  shopId: string,
  options: { skip?: number; limit?: number; relatedOrders?: string[] } = {},
): Promise<ReviewPage> {
  return client.get<ReviewPage>('/api/reviews/', {
    query: {
      shop: shopId,
      // A logged-in moderator sees the page a shopper sees.
      hidden: false,
      $sort: { createdAt: -1 },
      $skip: options.skip,
      $limit: options.limit,
      relatedOrder: options.relatedOrders ? { $in: options.relatedOrders } : undefined,
    },
  })
}
