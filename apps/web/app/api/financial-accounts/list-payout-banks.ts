import type { FinancialAccount, PayoutBanks } from '@shop/domain/schemas/payments'
import type { ApiClient } from '../../lib/api'

/** Paystack's banks or mobile money networks for the shop's payout account (`GET /api/financial-accounts/banks`). */
export function listPayoutBanks(client: ApiClient, shop: string, kind: FinancialAccount['kind']): Promise<PayoutBanks> {
  return client.get<PayoutBanks>('/api/financial-accounts/banks', { query: { shop, kind } })
}
