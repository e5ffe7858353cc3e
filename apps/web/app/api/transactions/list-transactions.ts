import type { Transaction } from '@shop/domain/schemas/payments'
import type { Page } from '@shop/domain/schemas/wire'
import type { ApiClient } from '../../lib/api'

/** An order's payment attempts, newest first (`GET /api/transactions/?order=`). */
export async function listTransactions(client: ApiClient, orderId: string): Promise<Transaction[]> {
  const page = await client.get<Page<Transaction>>('/api/transactions/', { query: { order: orderId, $limit: 20 } })
  return page.data
}
