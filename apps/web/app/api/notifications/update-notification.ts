import type { ApiClient } from '../../lib/api'
import type { Notification } from '../../types/api'

/** Marks a notification read (`PATCH /api/notifications/{id} {read: true}`). */
export function markNotificationRead(client: ApiClient, id: string): Promise<Notification> {
  return client.patch<Notification>(`/api/notifications/${encodeURIComponent(id)}`, { read: true })
}
