import type { StockAlert, StockAlertInput } from '@shop/domain/schemas/stock-alerts'
import type { ApiClient } from '../../lib/api'

/** "Tell me when it's back" for a sold-out variant, by phone or e-mail (`POST /api/stock-alerts/`). */
export function createStockAlert(client: ApiClient, input: StockAlertInput): Promise<StockAlert> {
  return client.post<StockAlert>('/api/stock-alerts/', input)
}
