import type { ApiClient } from '../../lib/api'
import type { PaymentOption } from '../../types/api'

type PaymentInfo = { options: PaymentOption[] }

/** The ways to pay a shop takes, its default first (`GET /api/payment-info/?shop=`). */
export async function getPaymentOptions(client: ApiClient, shopId: string): Promise<PaymentOption[]> {
  const info = await client.get<PaymentInfo>('/api/payment-info/', { query: { shop: shopId } })
  return info.options.map(({ provider, label, instant }) => ({ provider, label, instant }))
}
