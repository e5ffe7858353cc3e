import type { ApiClient } from '../../lib/api'
import type { User } from '../../types/api'

/** The caller, by the stored token (`GET /api/user/`). */
export function getCurrentUser(client: ApiClient): Promise<User> {
  return client.get<User>('/api/user/')
}
