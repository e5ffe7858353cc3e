import type { PlatformShop } from '@shop/domain/schemas/platform'
import type { ApiClient } from '../../lib/api'

/** `POST /api/platform/shops/{id}/restore`, with an optional note for the audit log. */
export function restoreShop(client: ApiClient, id: string, reason: string): Promise<PlatformShop> {
  return client.post<PlatformShop>(`/api/platform/shops/${encodeURIComponent(id)}/restore`, reason ? { reason } : {})
}
