/** SQL for notifications. */
import type { StaffRole } from '@shop/domain'
import { and, count, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { notifications, shopRoles } from '../../db/schema'
import type { ParsedQuery, QuerySpec } from '../../lib/feathers-query'

export type NewNotification = { shopId: string; userId: string; type: string; title: string; body: string; link: string; createdAt: Date }
export type NotificationRow = typeof notifications.$inferSelect

export async function insertNotifications(db: Db, rows: NewNotification[]): Promise<void> {
  if (rows.length) await db.insert(notifications).values(rows)
}

/**
 * One notification for each active staff member of the shop with one of `roles`, in one statement (a
 * template: every order sends these, see db/table-rows.ts).
 */
export async function insertStaffNotifications(
  db: Db,
  shopId: string,
  roles: readonly StaffRole[],
  content: Omit<NewNotification, 'shopId' | 'userId'>,
  exceptUserId?: string,
): Promise<void> {
  if (roles.length === 0) return
  await db.execute(sql`
    insert into ${notifications} (shop_id, user_id, type, title, body, link, created_at)
    select shop_id, user_id, ${content.type}, ${content.title}, ${content.body}, ${content.link}, ${content.createdAt.toISOString()}::timestamptz
    from ${shopRoles}
    where shop_id = ${shopId}::uuid and status = 'active' and role in (${sql.join(roles.map((role) => sql`${role}`), sql`, `)})
      ${exceptUserId ? sql`and user_id <> ${exceptUserId}::uuid` : sql``}`)
}

/** What `GET /api/notifications/` may filter and sort by; anything else is a 400. */
export const notificationQuerySpec: QuerySpec = {
  fields: {
    shop: { column: notifications.shopId, type: 'uuid' },
    type: { column: notifications.type, type: 'string' },
    read: { column: notifications.read, type: 'boolean' },
    createdAt: { column: notifications.createdAt, type: 'date', sort: true },
  },
  defaultSort: { createdAt: -1 },
  tieBreaker: notifications.id,
}

/** Whose notifications: a user's, in one shop only when `shopId` is set. */
export type NotificationOwner = { userId: string; shopId: string | null }

const ownedBy = (owner: NotificationOwner) =>
  and(eq(notifications.userId, owner.userId), owner.shopId ? eq(notifications.shopId, owner.shopId) : undefined)

/** Reads and counts only the given owner's notifications. */
export async function listNotifications(db: Db, owner: NotificationOwner, parsed: ParsedQuery): Promise<{ rows: NotificationRow[]; total: number }> {
  const where = and(ownedBy(owner), parsed.where)
  const [rows, [counted]] = await Promise.all([
    parsed.limit > 0
      ? db.select().from(notifications).where(where).orderBy(...parsed.orderBy).limit(parsed.limit).offset(parsed.skip)
      : Promise.resolve([]),
    db.select({ total: count() }).from(notifications).where(where),
  ])
  return { rows, total: Number(counted?.total ?? 0) }
}

/** Marks one of the owner's notifications read or unread; null when the owner has no notification with this id. */
export async function setNotificationRead(db: Db, owner: NotificationOwner, id: string, read: boolean): Promise<NotificationRow | null> {
  const [row] = await db
    .update(notifications)
    .set({ read })
    .where(and(eq(notifications.id, id), ownedBy(owner)))
    .returning()
  return row ?? null
}

/**
 * The user's unread count, optionally in one shop. `not read` is written exactly as the predicate of the
 * partial index notifications_unread_idx, so the count reads only unread entries.
 */
export function unreadCountQuery(db: Db, userId: string, shopId?: string) {
  return db
    .select({ count: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), shopId ? eq(notifications.shopId, shopId) : undefined, sql`not ${notifications.read}`))
}

export async function countUnread(db: Db, userId: string, shopId?: string): Promise<number> {
  const [row] = await unreadCountQuery(db, userId, shopId)
  return Number(row?.count ?? 0)
}
