import type { ApiClient } from '../../lib/api'

/** Revokes the caller's token (`DELETE /api/token/`). */
export function revokeToken(client: ApiClient): Promise<void> {
  return client.delete('/api/token/')
}
