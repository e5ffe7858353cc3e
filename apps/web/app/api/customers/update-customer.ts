import type { CustomerDetail, CustomerPatchInput } from '@shop/domain/schemas/customers'
import type { ApiClient } from '../../lib/api'

/** The shop's note and tags on a customer (`PATCH /api/customers/{id}`); tags are the whole new list. */
export function updateCustomer(client: ApiClient, id: string, input: CustomerPatchInput): Promise<CustomerDetail> {
  return client.patch<CustomerDetail>(`/api/customers/${encodeURIComponent(id)}`, input)
}
