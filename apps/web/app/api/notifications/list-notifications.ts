import type { Notification } from '@shop/domain/schemas/notifications'
import type { Page } from '@shop/domain/schemas/wire'
import type { ApiClient } from '../../lib/api'

/** The user's notifications in a shop, newest first (`GET /api/notifications/`). */
export function listNotifications(client: ApiClient, profile: string, shop: string, skip = 0): Promise<Page<Notification>> {
  return client.get<Page<Notification>>('/api/notifications/', {
    query: { $sort: { createdAt: -1 }, profile, shop, $skip: skip },
  })
}
