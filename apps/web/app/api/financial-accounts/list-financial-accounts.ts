import type { FinancialAccount } from '@shop/domain/schemas/payments'
import type { Page } from '@shop/domain/schemas/wire'
import type { ApiClient } from '../../lib/api'

/** The shop's payout accounts, numbers masked, newest first (`GET /api/financial-accounts/?shop=`). */
export function listFinancialAccounts(client: ApiClient, shop: string): Promise<Page<FinancialAccount>> {
  return client.get<Page<FinancialAccount>>('/api/financial-accounts/', { query: { shop } })
}
