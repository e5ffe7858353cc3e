import type { ApiClient } from '../../lib/api'
import type { Product } from '../../types/api'

/** One product (`GET /api/products/{id}`); staff get theirs with `updatedAt` (`AdminProduct`). */
export function getProduct<T extends Product = Product>(client: ApiClient, id: string): Promise<T> {
  return client.get<T>(`/api/products/${encodeURIComponent(id)}`)
}
