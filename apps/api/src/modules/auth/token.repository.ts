import { and, eq, gt, isNull, ne } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { accessTokens, users } from '../../db/schema'

export type AuthUser = { id: string; email: string; name: string; phone: string; createdAt: Date }

/** The token's user, its id and the shop it is limited to (null: every shop). */
export type TokenOwner = AuthUser & { tokenId: string; tokenShopId: string | null }

export async function findUserByTokenHash(db: Db, tokenHash: string): Promise<TokenOwner | null> {
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

export async function insertAccessToken(db: Db, values: { userId: string; tokenHash: string; expiresAt: Date; shopId: string | null }) {
  await db.insert(accessTokens).values(values)
}

export async function revokeAccessToken(db: Db, tokenId: string) {
  await db.update(accessTokens).set({ revokedAt: new Date() }).where(eq(accessTokens.id, tokenId))
}

/** Ends every session of the user but the one making the change. */
export async function revokeOtherTokens(db: Db, userId: string, keepTokenId: string) {
  await db
    .update(accessTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(accessTokens.userId, userId), ne(accessTokens.id, keepTokenId), isNull(accessTokens.revokedAt)))
}
