import { and, eq, isNull, ne } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { accessTokens } from '../../db/schema'

export async function insertAccessToken(db: Db, values: { userId: string; tokenHash: string; expiresAt: Date; shopId: string | null }) {
  await db.insert(accessTokens).values(values)
}

export async function revokeAccessToken(db: Db, tokenId: string) {
  await db.update(accessTokens).set({ revokedAt: new Date() }).where(eq(accessTokens.id, tokenId))
}

/** Ends every session of the user but the one making the change (every one, when `keepTokenId` is null). */
export async function revokeOtherTokens(db: Db, userId: string, keepTokenId: string | null) {
  await db
    .update(accessTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(accessTokens.userId, userId), keepTokenId ? ne(accessTokens.id, keepTokenId) : undefined, isNull(accessTokens.revokedAt)))
}
