import type { PayPage } from '@shop/domain/schemas/pay-links'
import type { ApiClient } from '../../lib/api'

/**
 * What an order's pay link shows (`GET /api/pay/{id}?key=`): its lines and money, on the shop's own host.
 * `transaction`: the pay link's payment the buyer came back from, asked about when it is still pending.
 */
export function getPayPage(client: ApiClient, id: string, key: string, transaction?: string | null): Promise<PayPage> {
  return client.get<PayPage>(`/api/pay/${encodeURIComponent(id)}`, { query: { key, transaction: transaction || undefined } })
}
