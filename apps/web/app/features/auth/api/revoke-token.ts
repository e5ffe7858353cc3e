import { api } from '../../../lib/api'

/** Revokes the caller's token (`DELETE /api/token/`). */
export function revokeToken(): Promise<void> {
  return api.delete('/api/token/')
}
