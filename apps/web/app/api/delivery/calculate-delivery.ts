import type { DeliveryCalculation, DeliveryRateOption } from '@shop/domain/schemas/delivery'
import type { ApiClient } from '../../lib/api'

export type DeliveryItem = { product: string; variant?: string; count: number }

/** The shop's rates for a region with their fees (`POST /delivery/calculate`). */
export async function calculateDelivery(
  client: ApiClient,
  input: { shop: string; region: string; items: DeliveryItem[] },
  signal?: AbortSignal,
): Promise<DeliveryRateOption[]> {
  const answer = await client.post<DeliveryCalculation>('/delivery/calculate', input, { signal })
  return answer.rates
}
