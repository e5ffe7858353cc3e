import type { User } from '@shop/domain/schemas/auth'
import type { UserRow } from './user.repository'

export function toUserDto(user: Pick<UserRow, 'id' | 'email' | 'name' | 'phone' | 'createdAt'>): User {
  return { _id: user.id, email: user.email, name: user.name, phone: user.phone, createdAt: user.createdAt.toISOString() }
}
