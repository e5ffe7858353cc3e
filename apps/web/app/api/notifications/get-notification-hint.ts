import type { NotificationHint } from '@shop/domain/schemas/notifications'
import type { ApiClient } from '../../lib/api'

/** How many of the user's notifications in the shop are unread (`GET /api/notifications-hint?shop=`). */
export async function getNotificationHint(client: ApiClient, shop: string): Promise<number> {
  const { count } = await client.get<NotificationHint>('/api/notifications-hint', { query: { shop } })
  return count
}
