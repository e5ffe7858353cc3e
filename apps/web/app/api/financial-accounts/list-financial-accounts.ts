import type { ApiClient } from '../../lib/api'
import type { FinancialAccount } from '../../features/admin-settings/types'
import type { Page } from '../../types/api'

/** The shop's payout accounts, numbers masked, newest first (`GET /api/financial-accounts/?shop=`). */
export function listFinancialAccounts(client: ApiClient, shop: string): Promise<Page<FinancialAccount>> {
  return client.get<Page<FinancialAccount>>('/api/financial-accounts/', { query: { shop } })
}
