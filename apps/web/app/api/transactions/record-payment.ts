import type { Transaction, TransactionCreateInput } from '@shop/domain/schemas/payments'
import type { ApiClient } from '../../lib/api'

/** Records a payment the shop received (`POST /api/transactions/`): cash, mobile money or bank transfer, in full or in part. */
export function recordPayment(client: ApiClient, input: TransactionCreateInput): Promise<Transaction> {
  return client.post<Transaction>('/api/transactions/', input)
}
