import type { ApiClient } from '../../lib/api'

/** `GET /api/products.csv?shop=`: the shop's products as CSV text. */
export function exportProducts(client: ApiClient, shop: string): Promise<string> {
  return client.get<string>('/api/products.csv', { query: { shop }, headers: { accept: 'text/csv' } })
}
