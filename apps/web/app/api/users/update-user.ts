import type { User } from '@shop/domain/schemas/auth'
import type { ApiClient } from '../../lib/api'

/** `PATCH /api/user/`: name and phone, or the login email and password with the current password. */
export function updateUser(
  client: ApiClient,
  changes: { name: string; phone: string } | { email?: string; password?: string; currentPassword: string },
): Promise<User> {
  return client.patch<User>('/api/user/', changes)
}
