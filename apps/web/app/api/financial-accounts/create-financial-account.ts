import type { ApiClient } from '../../lib/api'
import type { FinancialAccountCreateInput } from '@shop/domain/schemas/payments'
import type { FinancialAccount } from '../../features/admin-settings/types'

/** Adds a payout account (`POST /api/financial-accounts/`); the answer shows its number masked. */
export function createFinancialAccount(client: ApiClient, body: FinancialAccountCreateInput): Promise<FinancialAccount> {
  return client.post<FinancialAccount>('/api/financial-accounts/', body)
}
