import type { PayStart } from '@shop/domain/schemas/pay-links'
import type { ApiClient } from '../../lib/api'

/** Starts an online payment of the order's balance through its pay link (`POST /api/pay/{id}?key=`): where to pay. */
export function payBalance(client: ApiClient, id: string, key: string): Promise<PayStart> {
  return client.post<PayStart>(`/api/pay/${encodeURIComponent(id)}`, undefined, { query: { key } })
}
