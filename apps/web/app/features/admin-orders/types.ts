import type { Order } from '../../types/api'

/** `GET /api/orders/{id}` as the shop's staff get it: also the buyer's account name, when there is one. */
export type StaffOrder = Order & { customerName?: string }

export type TransactionStatus = 'pending' | 'success' | 'failed' | 'abandoned'

/** One payment attempt of an order (`GET /api/transactions/?order=`), newest first. */
export type Transaction = {
  _id: string
  order: string
  provider: string
  reference: string
  amount: { value: number; currency: string }
  status: TransactionStatus
  error: string | null
  createdAt: string
  updatedAt: string
}
