import { api } from '../../../lib/api'
import type { Page } from '../../../types/api'
import type { Transaction } from '../types'

/** An order's payment attempts, newest first (`GET /api/transactions/?order=`). */
export async function listTransactions(orderId: string): Promise<Transaction[]> {
  const page = await api.get<Page<Transaction>>('/api/transactions/', { query: { order: orderId, $limit: 20 } })
  return page.data
}
