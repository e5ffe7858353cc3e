import type { User } from '@shop/domain/schemas/auth'
import type { ApiClient } from '../../lib/api'

/** The caller, by the stored token (`GET /api/user/`). */
export function getCurrentUser(client: ApiClient): Promise<User> {
  return client.get<User>('/api/user/')
}
