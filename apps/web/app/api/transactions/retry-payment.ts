import type { Transaction } from '@shop/domain/schemas/payments'
import type { ApiClient } from '../../lib/api'

/** Starts a new attempt to pay an order (`PATCH /api/transactions/{id} {action: 'retry'}`); answers where to pay. */
export async function retryPayment(client: ApiClient, transactionId: string, key?: string | null): Promise<string | null> {
  const attempt = await client.patch<Transaction>(
    `/api/transactions/${encodeURIComponent(transactionId)}`,
    { action: 'retry' },
    { query: { key: key || undefined } },
  )
  return attempt.redirectUrl ?? null
}
