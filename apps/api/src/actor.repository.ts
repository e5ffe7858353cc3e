/**
 * The two lookups that say who is calling: the user behind an access token, and a user's active role in a
 * shop. They belong to the context (actor.ts) rather than to a module, so the auth plugin and every service
 * read the caller the same way without importing module repositories.
 */
import type { StaffRole } from '@shop/domain'
import { and, eq, gt, isNotNull, isNull } from 'drizzle-orm'
import type { Db } from './db/client'
import { accessTokens, shopRoles, shops, users } from './db/schema'

export type AuthUser = { id: string; email: string; name: string; phone: string; createdAt: Date }

/** The token's user, its id and the shop it is limited to (null: every shop). */
export type TokenOwner = AuthUser & { tokenId: string; tokenShopId: string | null }

/** The live (unrevoked, unexpired) token with this hash, with its user; one indexed query. */
export async function findTokenOwner(db: Db, tokenHash: string): Promise<TokenOwner | null> {
  const [row] = await db
    .select({
      tokenId: accessTokens.id,
      tokenShopId: accessTokens.shopId,
      id: users.id,
      email: users.email,
      name: users.name,
      phone: users.phone,
      createdAt: users.createdAt,
    })
    .from(accessTokens)
    .innerJoin(users, eq(users.id, accessTokens.userId))
    .where(and(eq(accessTokens.tokenHash, tokenHash), isNull(accessTokens.revokedAt), gt(accessTokens.expiresAt, new Date())))
    .limit(1)
  return row ?? null
}

/** The user's active role in a shop, or null. Uses the (shop_id, user_id) unique index. */
export async function findActiveRole(db: Db, shopId: string, userId: string): Promise<StaffRole | null> {
  const [row] = await db
    .select({ role: shopRoles.role })
    .from(shopRoles)
    .where(and(eq(shopRoles.shopId, shopId), eq(shopRoles.userId, userId), eq(shopRoles.status, 'active')))
    .limit(1)
  return row?.role ?? null
}

/** Whether the platform has suspended the shop (decision 98); a primary-key look-up. */
export async function isShopSuspended(db: Db, shopId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: shops.id })
    .from(shops)
    .where(and(eq(shops.id, shopId), isNotNull(shops.suspendedAt)))
    .limit(1)
  return !!row
}
