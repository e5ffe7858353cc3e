import type { Notification } from '@shop/domain/schemas/notifications'
import type { ApiClient } from '../../lib/api'

/** Marks a notification read (`PATCH /api/notifications/{id} {read: true}`). */
export function markNotificationRead(client: ApiClient, id: string): Promise<Notification> {
  return client.patch<Notification>(`/api/notifications/${encodeURIComponent(id)}`, { read: true })
}
