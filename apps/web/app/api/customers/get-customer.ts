import type { CustomerDetail } from '@shop/domain/schemas/customers'
import type { ApiClient } from '../../lib/api'

/** One customer with their orders, newest first (`GET /api/customers/{id}`), for the staff of their shop. */
export function getCustomer(client: ApiClient, id: string): Promise<CustomerDetail> {
  return client.get<CustomerDetail>(`/api/customers/${encodeURIComponent(id)}`)
}
