import type { PaymentInfo, PaymentInfoOption } from '@shop/domain/schemas/payments'
import type { ApiClient } from '../../lib/api'

/** The ways to pay a shop takes, its default first (`GET /api/payment-info/?shop=`). */
export async function getPaymentOptions(client: ApiClient, shopId: string): Promise<PaymentInfoOption[]> {
  const info = await client.get<PaymentInfo>('/api/payment-info/', { query: { shop: shopId } })
  return info.options.map(({ provider, label, instant }) => ({ provider, label, instant }))
}
