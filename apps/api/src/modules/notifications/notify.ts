/**
 * Creating notifications (docs/architecture.md §10): shoppers hear about their orders; staff hear about new orders,
 * new reviews and accepted invitations. Call these with the context of the transaction that makes the
 * change they report (`withDb(ctx, tx)`), so a notification exists exactly when its change does; they
 * are dated by the context's clock.
 */
import { type Permission, can, staffRoles } from '@shop/domain'
import type { ServiceContext } from '../../context'
import { insertNotifications, insertStaffNotifications } from './notification.repository'

export type NotificationContent = { type: string; title: string; body: string; link: string }

export async function notifyUser(ctx: ServiceContext, shopId: string, userId: string, content: NotificationContent): Promise<void> {
  await insertNotifications(ctx.db, [{ shopId, userId, ...content, createdAt: ctx.clock.now() }])
}

/** Notifies every active staff member of the shop whose role has `permission`, except `exceptUserId`. */
export async function notifyStaff(
  ctx: ServiceContext,
  shopId: string,
  permission: Permission,
  content: NotificationContent,
  exceptUserId?: string,
): Promise<void> {
  const roles = staffRoles.filter((role) => can(role, permission))
  await insertStaffNotifications(ctx.db, shopId, roles, { ...content, createdAt: ctx.clock.now() }, exceptUserId)
}
