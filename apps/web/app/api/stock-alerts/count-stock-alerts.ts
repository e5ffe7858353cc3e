import type { StockAlertWaiting } from '@shop/domain/schemas/stock-alerts'
import type { ApiClient } from '../../lib/api'

/** Staff: how many shoppers wait per variant of a product (`GET /api/stock-alerts/?product=`). */
export function countStockAlerts(client: ApiClient, product: string): Promise<StockAlertWaiting> {
  return client.get<StockAlertWaiting>('/api/stock-alerts/', { query: { product } })
}
