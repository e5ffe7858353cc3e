import { and, eq, gt, isNull } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { accessTokens, users } from '../../db/schema'

export type AuthUser = { id: string; email: string; name: string; phone: string; createdAt: Date }

export async function findUserByTokenHash(db: Db, tokenHash: string): Promise<(AuthUser & { tokenId: string }) | null> {
  const [row] = await db
    .select({
      tokenId: accessTokens.id,
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

export async function insertAccessToken(db: Db, userId: string, tokenHash: string, expiresAt: Date) {
  await db.insert(accessTokens).values({ userId, tokenHash, expiresAt })
}

export async function revokeAccessToken(db: Db, tokenId: string) {
  await db.update(accessTokens).set({ revokedAt: new Date() }).where(eq(accessTokens.id, tokenId))
}
