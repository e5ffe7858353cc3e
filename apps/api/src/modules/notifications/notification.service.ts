/**
 * Reading one's notifications (docs/architecture.md §10). Notifications are the caller's own, in every shop: no one,
 * staff included, reads or changes another user's. Creating them is notify.ts's job.
 */
import type { ServiceContext } from '../../context'
import { Forbidden, NotFound } from '../../lib/errors'
import { type Page, parseQuery } from '../../lib/feathers-query'
import type { NotificationOwner } from './notification.repository'
import { notificationDto } from './notification.dto'
import { countUnread, listNotifications, notificationQuerySpec, setNotificationRead } from './notification.repository'
import type { NotificationDto } from './notification.schemas'

/** The caller's notifications: in every shop, or only in its shop for a token of one shop's site. */
function owner(ctx: ServiceContext): NotificationOwner {
  return { userId: ctx.actor.requireUser().id, shopId: ctx.actor.tokenShopId }
}

export async function listOwnNotifications(ctx: ServiceContext, rawQuery: Record<string, unknown>): Promise<Page<NotificationDto>> {
  const caller = owner(ctx)
  const { profile, ...query } = rawQuery
  if (profile !== undefined && String(profile).toLowerCase() !== caller.userId) {
    throw Forbidden('You can only see your own notifications')
  }
  const parsed = parseQuery(notificationQuerySpec, query)
  const { rows, total } = await listNotifications(ctx.db, caller, parsed)
  return { total, limit: parsed.limit, skip: parsed.skip, data: rows.map(notificationDto) }
}

/** Someone else's notification (or one of another shop, for a token of one shop's site) does not exist: 404. */
export async function markNotification(ctx: ServiceContext, id: string, read: boolean): Promise<NotificationDto> {
  const row = await setNotificationRead(ctx.db, owner(ctx), id, read)
  if (!row) throw NotFound('No such notification')
  return notificationDto(row)
}

export async function unreadHint(ctx: ServiceContext, shopId: string | undefined): Promise<{ count: number }> {
  const caller = owner(ctx)
  if (caller.shopId && shopId && shopId.toLowerCase() !== caller.shopId) return { count: 0 }
  return { count: await countUnread(ctx.db, caller.userId, shopId ?? caller.shopId ?? undefined) }
}
