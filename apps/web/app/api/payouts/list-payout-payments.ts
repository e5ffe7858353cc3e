import type { PayoutPayment } from '@shop/domain/schemas/payments'
import type { Page } from '@shop/domain/schemas/wire'
import type { ApiClient } from '../../lib/api'

/** The shop's orders paid online, newest first, each net of fees (`GET /api/payouts/payments`). */
export function listPayoutPayments(client: ApiClient, shop: string, skip = 0): Promise<Page<PayoutPayment>> {
  return client.get<Page<PayoutPayment>>('/api/payouts/payments', { query: { shop, $skip: skip, $limit: 10 } })
}
