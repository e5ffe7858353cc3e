/**
 * Reading one's notifications (DESIGN §10). Notifications are the caller's own, in every shop: no one,
 * staff included, reads or changes another user's. Creating them is notify.ts's job.
 */
import type { FastifyRequest } from 'fastify'
import { Forbidden, NotFound } from '../../lib/errors'
import { type Page, parseQuery } from '../../lib/feathers-query'
import { requireUser } from '../../plugins/auth'
import { notificationDto } from './notification.dto'
import { countUnread, listNotifications, notificationQuerySpec, setNotificationRead } from './notification.repository'
import type { NotificationDto } from './notification.schemas'

export async function listOwnNotifications(request: FastifyRequest, rawQuery: Record<string, unknown>): Promise<Page<NotificationDto>> {
  const user = requireUser(request)
  const { profile, ...query } = rawQuery
  if (profile !== undefined && String(profile).toLowerCase() !== user.id) {
    throw Forbidden('You can only see your own notifications')
  }
  const parsed = parseQuery(notificationQuerySpec, query)
  const { rows, total } = await listNotifications(request.server.db, user.id, parsed)
  return { total, limit: parsed.limit, skip: parsed.skip, data: rows.map(notificationDto) }
}

/** Someone else's notification does not exist for the caller: 404. */
export async function markNotification(request: FastifyRequest, id: string, read: boolean): Promise<NotificationDto> {
  const user = requireUser(request)
  const row = await setNotificationRead(request.server.db, user.id, id, read)
  if (!row) throw NotFound('No such notification')
  return notificationDto(row)
}

export async function unreadHint(request: FastifyRequest, shopId: string | undefined): Promise<{ count: number }> {
  const user = requireUser(request)
  return { count: await countUnread(request.server.db, user.id, shopId) }
}
