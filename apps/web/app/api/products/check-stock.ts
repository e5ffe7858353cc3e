import type { StockCheck, StockCheckInput } from '@shop/domain/schemas/catalog'
import type { ApiClient } from '../../lib/api'

/** `POST /api/stock-checks`: whether there is enough of each cart line. */
export function checkStock(client: ApiClient, body: StockCheckInput, signal?: AbortSignal): Promise<StockCheck> {
  return client.post<StockCheck>('/api/stock-checks', body, { signal })
}
