import type { ProductsAvailabilityInput, ProductsAvailabilityResult } from '@shop/domain/schemas/catalog'
import type { ApiClient } from '../../lib/api'

/** `PATCH /api/products/`: show or hide several products at once. */
export function updateProductsAvailability(client: ApiClient, body: ProductsAvailabilityInput): Promise<ProductsAvailabilityResult> {
  return client.patch<ProductsAvailabilityResult>('/api/products/', body)
}
