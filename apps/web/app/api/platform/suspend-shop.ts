import type { PlatformShop } from '@shop/domain/schemas/platform'
import type { ApiClient } from '../../lib/api'

/** `POST /api/platform/shops/{id}/suspend` with the reason the shop's staff will read. */
export function suspendShop(client: ApiClient, id: string, reason: string): Promise<PlatformShop> {
  return client.post<PlatformShop>(`/api/platform/shops/${encodeURIComponent(id)}/suspend`, { reason })
}
