import type { Refund, RefundCreateInput } from '@shop/domain/schemas/refunds'
import type { ApiClient } from '../../lib/api'

/** Gives money back on an order, takes returned items back on sale, or both (`POST /api/refunds/`). */
export function createRefund(client: ApiClient, input: RefundCreateInput): Promise<Refund> {
  return client.post<Refund>('/api/refunds/', input)
}
