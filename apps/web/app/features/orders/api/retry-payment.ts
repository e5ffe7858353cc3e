import { api } from '../../../lib/api'

/** Starts a new attempt to pay an order (`PATCH /api/transactions/{id} {action: 'retry'}`); answers where to pay. */
export async function retryPayment(transactionId: string, key?: string | null): Promise<string | null> {
  const attempt = await api.patch<{ redirectUrl?: string | null }>(
    `/api/transactions/${encodeURIComponent(transactionId)}`,
    { action: 'retry' },
    { query: { key: key || undefined } },
  )
  return attempt.redirectUrl ?? null
}
