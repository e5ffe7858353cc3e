import type { FinancialAccount, FinancialAccountPatchInput } from '@shop/domain/schemas/payments'
import type { ApiClient } from '../../lib/api'

/** Changes an account; the payout account's change is resolved and sent to Paystack (`PATCH /api/financial-accounts/{id}`). */
export function updateFinancialAccount(client: ApiClient, id: string, body: FinancialAccountPatchInput): Promise<FinancialAccount> {
  return client.patch<FinancialAccount>(`/api/financial-accounts/${encodeURIComponent(id)}`, body)
}
