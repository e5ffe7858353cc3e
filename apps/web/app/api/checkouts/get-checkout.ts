import type { Checkout } from '@shop/domain/schemas/orders'
import type { ApiClient } from '../../lib/api'

/** A checkout by its id (`GET /api/checkouts/{id}`): the share link; contact details only for its creator. */
export function getCheckout(client: ApiClient, id: string): Promise<Checkout> {
  return client.get<Checkout>(`/api/checkouts/${encodeURIComponent(id)}`)
}
