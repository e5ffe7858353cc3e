/** SQL for the outbox, the development mailbox and what a message needs to know about its shop. */
import { and, asc, desc, eq, inArray, like, lte, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { type ImageRef, mailboxMessages, outboxMessages, shopMessageSettings, shopRoles, shops, staffAlertSettings, users } from '../../db/schema'

export type OutboxRow = typeof outboxMessages.$inferSelect
export type NewOutboxRow = Pick<OutboxRow, 'shopId' | 'event' | 'recipient' | 'kind' | 'channel' | 'data' | 'secrets' | 'nextAttemptAt' | 'createdAt'>
export type MailboxRow = typeof mailboxMessages.$inferSelect

/** Inserts a message unless one with the same (event, recipient, kind) exists: then nothing happens and null is answered. */
export async function insertOutboxMessage(db: Db, values: NewOutboxRow): Promise<{ id: string } | null> {
  const [row] = await db
    .insert(outboxMessages)
    .values({ ...values, status: 'pending', attempts: 0 })
    .onConflictDoNothing({ target: [outboxMessages.event, outboxMessages.recipient, outboxMessages.kind] })
    .returning({ id: outboxMessages.id })
  return row ?? null
}

/**
 * Claims up to `limit` due messages for this process: each is locked while it is picked (SKIP LOCKED, so
 * processes claiming at once take different rows), counted as an attempt and made due again only at
 * `leaseUntil`. One statement, so a claim is committed as soon as it answers.
 */
export async function claimDueMessages(db: Db, now: Date, leaseUntil: Date, limit: number): Promise<OutboxRow[]> {
  const due = db
    .select({ id: outboxMessages.id })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.status, 'pending'), lte(outboxMessages.nextAttemptAt, now)))
    .orderBy(asc(outboxMessages.nextAttemptAt))
    .limit(limit)
    .for('update', { skipLocked: true })
  return db
    .update(outboxMessages)
    .set({ nextAttemptAt: leaseUntil, attempts: sql`${outboxMessages.attempts} + 1` })
    .where(inArray(outboxMessages.id, due))
    .returning()
}

/**
 * Records how a claimed attempt ended, only if the row is still the one this attempt claimed (pending,
 * with that attempt count): a process whose lease ran out meanwhile changes nothing.
 */
export async function finishAttempt(
  db: Db,
  claimed: Pick<OutboxRow, 'id' | 'attempts'>,
  outcome:
    | { status: 'sent'; at: Date; providerId: string | null }
    | { status: 'failed'; error: string }
    | { status: 'pending'; error: string; nextAttemptAt: Date },
): Promise<boolean> {
  const changes =
    outcome.status === 'sent'
      ? { status: 'sent' as const, sentAt: outcome.at, providerId: outcome.providerId, lastError: null, secrets: null }
      : outcome.status === 'failed'
        ? { status: 'failed' as const, lastError: outcome.error, secrets: null }
        : { lastError: outcome.error, nextAttemptAt: outcome.nextAttemptAt }
  const rows = await db
    .update(outboxMessages)
    .set(changes)
    .where(and(eq(outboxMessages.id, claimed.id), eq(outboxMessages.status, 'pending'), eq(outboxMessages.attempts, claimed.attempts)))
    .returning({ id: outboxMessages.id })
  return rows.length > 0
}

export async function findOutboxMessage(db: Db, id: string): Promise<OutboxRow | null> {
  const [row] = await db.select().from(outboxMessages).where(eq(outboxMessages.id, id))
  return row ?? null
}

export type ShopSender = {
  id: string
  slug: string
  title: string
  logo: ImageRef | null
  /** The shop's own reply-to address, or its earliest owner's login address. */
  replyTo: string | null
}

export async function findShopSender(db: Db, shopId: string): Promise<ShopSender | null> {
  const [row] = await db
    .select({
      id: shops.id,
      slug: shops.slug,
      title: shops.title,
      logo: shops.logo,
      replyTo: sql<string | null>`coalesce(${shopMessageSettings.replyTo}, (
        select ${users.email} from ${shopRoles} join ${users} on ${users.id} = ${shopRoles.userId}
        where ${shopRoles.shopId} = ${shops.id} and ${shopRoles.role} = 'owner' and ${shopRoles.status} = 'active'
        order by ${shopRoles.createdAt} limit 1))`,
    })
    .from(shops)
    .leftJoin(shopMessageSettings, eq(shopMessageSettings.shopId, shops.id))
    .where(eq(shops.id, shopId))
  return row ?? null
}

export type MessageSettingsRow = typeof shopMessageSettings.$inferSelect

export async function findMessageSettings(db: Db, shopId: string): Promise<MessageSettingsRow | null> {
  const [row] = await db.select().from(shopMessageSettings).where(eq(shopMessageSettings.shopId, shopId))
  return row ?? null
}

export async function upsertMessageSettings(
  db: Db,
  shopId: string,
  values: Partial<Pick<MessageSettingsRow, 'replyTo' | 'buyerEmailsOff' | 'orderSms' | 'paymentReminders'>>,
  at: Date,
): Promise<MessageSettingsRow> {
  const [row] = await db
    .insert(shopMessageSettings)
    .values({ shopId, ...values, updatedAt: at })
    .onConflictDoUpdate({ target: shopMessageSettings.shopId, set: { ...values, updatedAt: at } })
    .returning()
  return row!
}

/** The messages of a shop whose event starts with `prefix` (`order:{id}:`), newest first (index outbox_messages_shop_event_idx). */
export async function listShopMessagesByEvent(db: Db, shopId: string, prefix: string): Promise<OutboxRow[]> {
  const pattern = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  return db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.shopId, shopId), like(outboxMessages.event, pattern)))
    .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
}

export type StaffAlertRow = typeof staffAlertSettings.$inferSelect
export type StaffAlert = 'newOrders' | 'lowStock'

export async function findStaffAlertSettings(db: Db, shopId: string, userId: string): Promise<StaffAlertRow | null> {
  const [row] = await db
    .select()
    .from(staffAlertSettings)
    .where(and(eq(staffAlertSettings.shopId, shopId), eq(staffAlertSettings.userId, userId)))
  return row ?? null
}

export async function upsertStaffAlertSettings(
  db: Db,
  shopId: string,
  userId: string,
  values: Partial<Pick<StaffAlertRow, StaffAlert>>,
  at: Date,
): Promise<StaffAlertRow> {
  const [row] = await db
    .insert(staffAlertSettings)
    .values({ shopId, userId, ...values, updatedAt: at })
    .onConflictDoUpdate({ target: [staffAlertSettings.shopId, staffAlertSettings.userId], set: { ...values, updatedAt: at } })
    .returning()
  return row!
}

/**
 * The login addresses of the shop's active staff in `roles` who want `alert`: their own switch, or when
 * they never set it, on for `onByDefault` roles.
 */
export async function findStaffAlertRecipients(
  db: Db,
  shopId: string,
  alert: StaffAlert,
  roles: readonly string[],
  onByDefault: readonly string[],
): Promise<string[]> {
  const column = alert === 'newOrders' ? staffAlertSettings.newOrders : staffAlertSettings.lowStock
  const rows = await db
    .select({ email: users.email })
    .from(shopRoles)
    .innerJoin(users, eq(users.id, shopRoles.userId))
    .leftJoin(staffAlertSettings, and(eq(staffAlertSettings.shopId, shopRoles.shopId), eq(staffAlertSettings.userId, shopRoles.userId)))
    .where(
      and(
        eq(shopRoles.shopId, shopId),
        eq(shopRoles.status, 'active'),
        inArray(shopRoles.role, [...roles] as ('owner' | 'administrator' | 'manager' | 'keeper')[]),
        sql`coalesce(${column}, ${shopRoles.role} in (${sql.join(onByDefault.map((role) => sql`${role}`), sql`, `)}))`,
      ),
    )
    .orderBy(asc(users.email))
  return rows.map((row) => row.email)
}

export async function insertMailboxMessage(db: Db, values: Omit<MailboxRow, 'id' | 'createdAt'> & { createdAt: Date }): Promise<MailboxRow> {
  const [row] = await db.insert(mailboxMessages).values(values).returning()
  return row!
}

export async function listMailboxMessages(db: Db, limit: number): Promise<MailboxRow[]> {
  return db.select().from(mailboxMessages).orderBy(desc(mailboxMessages.createdAt), desc(mailboxMessages.id)).limit(limit)
}

export async function findMailboxMessage(db: Db, id: string): Promise<MailboxRow | null> {
  const [row] = await db.select().from(mailboxMessages).where(eq(mailboxMessages.id, id))
  return row ?? null
}
