import { and, eq, sql } from 'drizzle-orm'
import type { StaffRole } from '@shop/domain'
import type { Db } from '../../db/client'
import { shopRoles, shops, users } from '../../db/schema'
import type { ParsedQuery, QuerySpec } from '../../lib/feathers-query'

export type ShopRoleRow = typeof shopRoles.$inferSelect
export type ShopRoleWithUser = ShopRoleRow & { user: { id: string; name: string; email: string } }

const roleWithUser = {
  id: shopRoles.id,
  shopId: shopRoles.shopId,
  userId: shopRoles.userId,
  role: shopRoles.role,
  status: shopRoles.status,
  createdAt: shopRoles.createdAt,
  updatedAt: shopRoles.updatedAt,
  user: { id: users.id, name: users.name, email: users.email },
}

/** The Feathers query fields of `GET /api/shop-roles/`. */
export const shopRoleQuerySpec: QuerySpec = {
  fields: {
    status: { column: shopRoles.status, type: 'string' },
    role: { column: shopRoles.role, type: 'string' },
    user: { column: shopRoles.userId, type: 'uuid' },
    createdAt: { column: shopRoles.createdAt, type: 'date', sort: true },
    updatedAt: { column: shopRoles.updatedAt, type: 'date', sort: true },
  },
  defaultSort: { createdAt: 1 },
  tieBreaker: shopRoles.id,
}

export async function listShopRoles(db: Db, shopId: string, query: ParsedQuery): Promise<{ total: number; rows: ShopRoleWithUser[] }> {
  const where = and(eq(shopRoles.shopId, shopId), query.where)
  const [rows, [count]] = await Promise.all([
    db
      .select(roleWithUser)
      .from(shopRoles)
      .innerJoin(users, eq(users.id, shopRoles.userId))
      .where(where)
      .orderBy(...query.orderBy)
      .limit(query.limit)
      .offset(query.skip),
    db.select({ total: sql<number>`count(*)::int` }).from(shopRoles).where(where),
  ])
  return { total: Number(count?.total ?? 0), rows }
}

export async function findShopRoleById(db: Db, id: string): Promise<ShopRoleWithUser | null> {
  const [row] = await db
    .select(roleWithUser)
    .from(shopRoles)
    .innerJoin(users, eq(users.id, shopRoles.userId))
    .where(eq(shopRoles.id, id))
    .limit(1)
  return row ?? null
}

/** A user's role row in a shop, whatever its status. */
export async function findShopRole(db: Db, shopId: string, userId: string): Promise<ShopRoleRow | null> {
  const [row] = await db
    .select()
    .from(shopRoles)
    .where(and(eq(shopRoles.shopId, shopId), eq(shopRoles.userId, userId)))
    .limit(1)
  return row ?? null
}

export async function insertRole(db: Db, values: { shopId: string; userId: string; role: StaffRole }): Promise<ShopRoleRow> {
  const [row] = await db.insert(shopRoles).values({ ...values, status: 'active' }).returning()
  return row!
}

export async function updateRole(
  db: Db,
  id: string,
  changes: { role?: StaffRole; status?: 'active' | 'removed' },
): Promise<void> {
  await db
    .update(shopRoles)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(shopRoles.id, id))
}

/**
 * Serializes changes to one shop's staff (role changes, invitations, acceptances) without blocking
 * writes elsewhere in the shop: `for no key update` does not conflict with the key-share locks that
 * foreign keys take. Every staff transaction takes this lock first, so they never deadlock.
 */
export async function lockShopStaff(db: Db, shopId: string): Promise<void> {
  await db.select({ id: shops.id }).from(shops).where(eq(shops.id, shopId)).for('no key update')
}

export async function countActiveOwners(db: Db, shopId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(shopRoles)
    .where(and(eq(shopRoles.shopId, shopId), eq(shopRoles.role, 'owner'), eq(shopRoles.status, 'active')))
  return Number(row?.total ?? 0)
}

/** Whether someone with this email (case-insensitive) is active staff of the shop. */
export async function isActiveStaffEmail(db: Db, shopId: string, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: shopRoles.id })
    .from(shopRoles)
    .innerJoin(users, eq(users.id, shopRoles.userId))
    .where(and(eq(shopRoles.shopId, shopId), eq(shopRoles.status, 'active'), sql`lower(${users.email}) = ${email.toLowerCase()}`))
    .limit(1)
  return !!row
}


/**
 * How many shops the user owns, with the user's row locked until the transaction ends, so two shops
 * created at once by one person are counted one after the other. Uses shop_roles_user_idx.
 */
export async function lockAndCountOwnedShops(db: Db, userId: string): Promise<number> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update')
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(shopRoles)
    .where(and(eq(shopRoles.userId, userId), eq(shopRoles.role, 'owner'), eq(shopRoles.status, 'active')))
  return row?.total ?? 0
}
