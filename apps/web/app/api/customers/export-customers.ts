import type { ApiClient, Query } from '../../lib/api'

/** The shop's customers as CSV text (`GET /api/customers.csv`), with the list's search and filter (paging left out). */
export function exportCustomers(client: ApiClient, query: Query): Promise<string> {
  const { $skip: _skip, $limit: _limit, ...filters } = query
  return client.get<string>('/api/customers.csv', { query: filters, headers: { accept: 'text/csv' } })
}
