import type { FinancialAccountCreateInput } from '@shop/domain/schemas/payments'
import { api } from '../../../lib/api'
import type { FinancialAccount } from '../types'

/** Adds a payout account; the answer shows its number masked. */
export function createFinancialAccount(body: FinancialAccountCreateInput): Promise<FinancialAccount> {
  return api.post<FinancialAccount>('/api/financial-accounts/', body)
}
