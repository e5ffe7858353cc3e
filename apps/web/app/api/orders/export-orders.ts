import type { ApiClient, Query } from '../../lib/api'

/** The shop's orders as CSV text (`GET /api/orders.csv`), with the list's filters (paging left out). */
export function exportOrders(client: ApiClient, query: Query): Promise<string> {
  const { $skip: _skip, $limit: _limit, ...filters } = query
  return client.get<string>('/api/orders.csv', { query: filters, headers: { accept: 'text/csv' } })
}
