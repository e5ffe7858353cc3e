import type { ApiClient } from '../../lib/api'

/** Removes a payout account (`DELETE /api/financial-accounts/{id}`). */
export async function deleteFinancialAccount(client: ApiClient, id: string): Promise<void> {
  await client.delete(`/api/financial-accounts/${encodeURIComponent(id)}`)
}
