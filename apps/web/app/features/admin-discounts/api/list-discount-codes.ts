import { api } from '../../../lib/api'
import type { Page } from '../../../types/api'
import type { DiscountCode } from '../types'

/** The shop's codes, newest first (`GET /api/discount-codes/?$sort[createdAt]=-1&shop=`). */
export function listDiscountCodes(shopId: string, page: { skip: number; limit: number }): Promise<Page<DiscountCode>> {
  return api.get<Page<DiscountCode>>('/api/discount-codes/', {
    query: { $sort: { createdAt: -1 }, shop: shopId, $skip: page.skip, $limit: page.limit },
  })
}
