import { api } from '../../../lib/api'
import type { User } from '../../../types/api'

/** The caller, by the stored token (`GET /api/user/`). */
export function getCurrentUser(): Promise<User> {
  return api.get<User>('/api/user/')
}
