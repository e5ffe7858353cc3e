import type { UserRow } from './user.repository'

export const userSchema = {
  $id: 'User',
  type: 'object',
  required: ['_id', 'email', 'name', 'phone', 'createdAt'],
  properties: {
    _id: { type: 'string' },
    email: { type: 'string' },
    name: { type: 'string' },
    phone: { type: 'string' },
    createdAt: { type: 'string', format: 'date-time' },
  },
} as const

export function toUserDto(user: Pick<UserRow, 'id' | 'email' | 'name' | 'phone' | 'createdAt'>) {
  return { _id: user.id, email: user.email, name: user.name, phone: user.phone, createdAt: user.createdAt.toISOString() }
}
