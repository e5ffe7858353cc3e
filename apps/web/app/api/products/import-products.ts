import type { ProductImportResult } from '@shop/domain/schemas/catalog'
import type { ApiClient } from '../../lib/api'

/** `POST /api/products.csv?shop=` (with `dryRun` a preview that writes nothing). */
export function importProducts(client: ApiClient, shop: string, csv: string, dryRun: boolean): Promise<ProductImportResult> {
  return client.post<ProductImportResult>('/api/products.csv', csv, {
    query: { shop, ...(dryRun ? { dryRun: 'true' } : {}) },
    contentType: 'text/csv',
  })
}
