import type { Customer } from '@shop/domain/schemas/customers'
import type { Page } from '@shop/domain/schemas/wire'
import type { ApiClient, Query } from '../../lib/api'

/** A page of the shop's customers (`GET /api/customers/?shop=&q=&owes=true&$sort[…]=`), for its staff. */
export function listCustomers(client: ApiClient, query: Query, signal?: AbortSignal): Promise<Page<Customer>> {
  return client.get<Page<Customer>>('/api/customers/', { query, ...(signal ? { signal } : {}) })
}
