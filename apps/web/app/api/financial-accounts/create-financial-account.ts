import type { ApiClient } from '../../lib/api'
import type { FinancialAccount, FinancialAccountCreateInput } from '@shop/domain/schemas/payments'

/** Adds a payout account (`POST /api/financial-accounts/`); the answer shows its number masked. */
export function createFinancialAccount(client: ApiClient, body: FinancialAccountCreateInput): Promise<FinancialAccount> {
  return client.post<FinancialAccount>('/api/financial-accounts/', body)
}
