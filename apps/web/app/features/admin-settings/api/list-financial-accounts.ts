import { api } from '../../../lib/api'
import type { Page } from '../../../types/api'
import type { FinancialAccount } from '../types'

/** The shop's payout accounts, numbers masked, newest first (`GET /api/financial-accounts/?shop=`). */
export function listFinancialAccounts(shop: string): Promise<Page<FinancialAccount>> {
  return api.get<Page<FinancialAccount>>('/api/financial-accounts/', { query: { shop } })
}
