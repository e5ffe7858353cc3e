import { api } from '../../../lib/api'

/** How many of the user's notifications in the shop are unread (`GET /api/notifications-hint?shop=`). */
export async function getNotificationHint(shop: string): Promise<number> {
  const { count } = await api.get<{ count: number }>('/api/notifications-hint', { query: { shop } })
  return count
}
