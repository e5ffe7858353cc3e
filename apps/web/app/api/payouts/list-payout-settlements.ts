import type { PayoutSettlements } from '@shop/domain/schemas/payments'
import type { ApiClient } from '../../lib/api'

/** A page of the settlements Paystack made to the shop's payout account (`GET /api/payouts/settlements`). */
export function listPayoutSettlements(client: ApiClient, shop: string, page = 1): Promise<PayoutSettlements> {
  return client.get<PayoutSettlements>('/api/payouts/settlements', { query: { shop, page, perPage: 10 } })
}
