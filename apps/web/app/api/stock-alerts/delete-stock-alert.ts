import type { ApiClient } from '../../lib/api'

/** Unsubscribes with the key of the back-in-stock message (`DELETE /api/stock-alerts/{id}?key=`). */
export function deleteStockAlert(client: ApiClient, id: string, key: string): Promise<void> {
  return client.delete(`/api/stock-alerts/${encodeURIComponent(id)}`, { query: { key } })
}
