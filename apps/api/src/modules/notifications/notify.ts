/**
 * Creating notifications (DESIGN §10): shoppers hear about their orders; staff hear about new orders,
 * new reviews and accepted invitations. Call these inside the transaction of the change they report,
 * so a notification exists exactly when its change does.
 */
import { type Permission, can, staffRoles } from '@shop/domain'
import type { Db } from '../../db/client'
import { insertNotifications, insertStaffNotifications } from './notification.repository'

export type NotificationContent = { type: string; title: string; body: string; link: string }

export async function notifyUser(db: Db, shopId: string, userId: string, content: NotificationContent): Promise<void> {
  await insertNotifications(db, [{ shopId, userId, ...content }])
}

/** Notifies every active staff member of the shop whose role has `permission`, except `exceptUserId`. */
export async function notifyStaff(
  db: Db,
  shopId: string,
  permission: Permission,
  content: NotificationContent,
  exceptUserId?: string,
): Promise<void> {
  const roles = staffRoles.filter((role) => can(role, permission))
  await insertStaffNotifications(db, shopId, roles, content, exceptUserId)
}
