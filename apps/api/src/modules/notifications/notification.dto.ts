/** Row → response mapper for notifications. */
import type { NotificationRow } from './notification.repository'
import type { NotificationDto } from './notification.schemas'

export function notificationDto(row: NotificationRow): NotificationDto {
  return {
    _id: row.id,
    shop: row.shopId,
    type: row.type,
    title: row.title,
    body: row.body,
    link: row.link,
    read: row.read,
    createdAt: row.createdAt.toISOString(),
  }
}
