import type { DeliveryCalculation, DeliveryRateOption } from '@shop/domain/schemas/delivery'
import type { ItemInput } from '@shop/domain/schemas/order-input'
import type { ApiClient } from '../../lib/api'

/** The calculation takes the lines as an order names them. */
export type DeliveryItem = ItemInput

/** The shop's rates for a region with their fees (`POST /delivery/calculate`). */
export async function calculateDelivery(
  client: ApiClient,
  input: { shop: string; region: string; items: DeliveryItem[] },
  signal?: AbortSignal,
): Promise<DeliveryRateOption[]> {
  const answer = await client.post<DeliveryCalculation>('/delivery/calculate', input, { signal })
  return answer.rates
}
