import { api } from '../../../lib/api'
import type { Notification } from '../../../types/api'

/** `PATCH /api/notifications/{id} {read: true}`. */
export function markNotificationRead(id: string): Promise<Notification> {
  return api.patch<Notification>(`/api/notifications/${encodeURIComponent(id)}`, { read: true })
}
