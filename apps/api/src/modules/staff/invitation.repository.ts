/** SQL for shop role invitations. */
import type { StaffRole } from '@shop/domain'
import { and, eq, not, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { type ImageRef, shopRoleInvitations, shops } from '../../db/schema'
import type { ParsedQuery, QuerySpec } from '../../lib/feathers-query'

export type InvitationRow = typeof shopRoleInvitations.$inferSelect
export type InvitationWithShop = InvitationRow & {
  shop: { id: string; slug: string; title: string; logo: ImageRef | null }
}

/** The Feathers query fields of `GET /api/shop-role-invitations/`. */
export const invitationQuerySpec: QuerySpec = {
  fields: {
    status: { column: shopRoleInvitations.status, type: 'string' },
    role: { column: shopRoleInvitations.role, type: 'string' },
    email: { column: shopRoleInvitations.email, type: 'string', search: 'substring' },
    createdAt: { column: shopRoleInvitations.createdAt, type: 'date', sort: true },
    expiresAt: { column: shopRoleInvitations.expiresAt, type: 'date', sort: true },
  },
  defaultSort: { createdAt: -1 },
  tieBreaker: shopRoleInvitations.id,
}

/** A pending invitation past its expiry is dead: lists leave it out. */
const notExpired = () =>
  not(and(eq(shopRoleInvitations.status, 'pending'), sql`${shopRoleInvitations.expiresAt} <= now()`)!)

export async function listInvitations(db: Db, shopId: string, query: ParsedQuery): Promise<{ total: number; rows: InvitationRow[] }> {
  const where = and(eq(shopRoleInvitations.shopId, shopId), notExpired(), query.where)
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(shopRoleInvitations)
      .where(where)
      .orderBy(...query.orderBy)
      .limit(query.limit)
      .offset(query.skip),
    db.select({ total: sql<number>`count(*)::int` }).from(shopRoleInvitations).where(where),
  ])
  return { total: Number(count?.total ?? 0), rows }
}

export async function findInvitation(db: Db, id: string, options: { lock?: boolean } = {}): Promise<InvitationWithShop | null> {
  const query = db
    .select({
      invitation: shopRoleInvitations,
      shop: { id: shops.id, slug: shops.slug, title: shops.title, logo: shops.logo },
    })
    .from(shopRoleInvitations)
    .innerJoin(shops, eq(shops.id, shopRoleInvitations.shopId))
    .where(eq(shopRoleInvitations.id, id))
    .limit(1)
  const [row] = options.lock ? await query.for('update', { of: shopRoleInvitations }) : await query
  return row ? { ...row.invitation, shop: row.shop } : null
}

/** The shop's pending invitation for an email (stored lower-case), expired or not. */
export async function findPendingInvitation(db: Db, shopId: string, email: string): Promise<InvitationRow | null> {
  const [row] = await db
    .select()
    .from(shopRoleInvitations)
    .where(
      and(
        eq(shopRoleInvitations.shopId, shopId),
        eq(shopRoleInvitations.status, 'pending'),
        sql`lower(${shopRoleInvitations.email}) = ${email}`,
      ),
    )
    .orderBy(sql`${shopRoleInvitations.createdAt} desc`)
    .limit(1)
  return row ?? null
}

/** `secretHash`: sha256 of the link's secret; the secret itself is never stored. */
export type InvitationValues = { role: StaffRole; invitedBy: string; createdAt: Date; expiresAt: Date; secretHash: string }

export async function insertInvitation(db: Db, values: InvitationValues & { shopId: string; email: string }): Promise<InvitationRow> {
  const [row] = await db.insert(shopRoleInvitations).values({ ...values, status: 'pending' }).returning()
  return row!
}

/** Gives a pending invitation a new role, a fresh 7 days and a new secret: its old link stops working. */
export async function refreshInvitation(db: Db, id: string, values: InvitationValues): Promise<InvitationRow> {
  const [row] = await db.update(shopRoleInvitations).set(values).where(eq(shopRoleInvitations.id, id)).returning()
  return row!
}

/** Moves a still-pending invitation to its final status; false if it was no longer pending. */
export async function closeInvitation(db: Db, id: string, status: 'accepted' | 'declined' | 'revoked'): Promise<boolean> {
  const rows = await db
    .update(shopRoleInvitations)
    .set({ status, respondedAt: new Date() })
    .where(and(eq(shopRoleInvitations.id, id), eq(shopRoleInvitations.status, 'pending')))
    .returning({ id: shopRoleInvitations.id })
  return rows.length > 0
}
