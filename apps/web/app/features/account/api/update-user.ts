import { api } from '../../../lib/api'
import type { User } from '../../../types/api'

/** `PATCH /api/user/ {name, phone}`. */
export function updateUser(changes: { name: string; phone: string }): Promise<User> {
  return api.patch<User>('/api/user/', changes)
}
