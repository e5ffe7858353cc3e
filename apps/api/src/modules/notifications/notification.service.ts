/**
 * Reading one's notifications (DESIGN §10). Notifications are the caller's own, in every shop: no one,
 * staff included, reads or changes another user's. Creating them is notify.ts's job.
 */
import type { FastifyRequest } from 'fastify'
import { Forbidden, NotFound } from '../../lib/errors'
import { type Page, parseQuery } from '../../lib/feathers-query'
import { requireUser } from '../../plugins/auth'
import type { NotificationOwner } from './notification.repository'
import { notificationDto } from './notification.dto'
import { countUnread, listNotifications, notificationQuerySpec, setNotificationRead } from './notification.repository'
import type { NotificationDto } from './notification.schemas'

/** The caller's notifications: in every shop, or only in its shop for a token of one shop's site. */
function owner(request: FastifyRequest): NotificationOwner {
  return { userId: requireUser(request).id, shopId: request.ctx.actor.tokenShopId }
}

export async function listOwnNotifications(request: FastifyRequest, rawQuery: Record<string, unknown>): Promise<Page<NotificationDto>> {
  const caller = owner(request)
  const { profile, ...query } = rawQuery
  if (profile !== undefined && String(profile).toLowerCase() !== caller.userId) {
    throw Forbidden('You can only see your own notifications')
  }
  const parsed = parseQuery(notificationQuerySpec, query)
  const { rows, total } = await listNotifications(request.server.db, caller, parsed)
  return { total, limit: parsed.limit, skip: parsed.skip, data: rows.map(notificationDto) }
}

/** Someone else's notification (or one of another shop, for a token of one shop's site) does not exist: 404. */
export async function markNotification(request: FastifyRequest, id: string, read: boolean): Promise<NotificationDto> {
  const row = await setNotificationRead(request.server.db, owner(request), id, read)
  if (!row) throw NotFound('No such notification')
  return notificationDto(row)
}

export async function unreadHint(request: FastifyRequest, shopId: string | undefined): Promise<{ count: number }> {
  const caller = owner(request)
  if (caller.shopId && shopId && shopId.toLowerCase() !== caller.shopId) return { count: 0 }
  return { count: await countUnread(request.server.db, caller.userId, shopId ?? caller.shopId ?? undefined) }
}
