/** SQL for password resets: tokens stored as hashes, each used at most once. */
import { and, eq, gt, isNull, lt } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { passwordResets } from '../../db/schema'

export type PasswordResetRow = typeof passwordResets.$inferSelect

export async function insertPasswordReset(db: Db, values: { userId: string; tokenHash: string; redir: string; expiresAt: Date; createdAt: Date }): Promise<PasswordResetRow> {
  const [row] = await db.insert(passwordResets).values(values).returning()
  return row!
}

/** The unused, unexpired reset with this token hash, or null. */
export async function findLiveReset(db: Db, tokenHash: string, now: Date): Promise<PasswordResetRow | null> {
  const [row] = await db
    .select()
    .from(passwordResets)
    .where(and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
  return row ?? null
}

/** Marks the reset used and returns it, in one statement, so a token works exactly once. */
export async function consumeReset(db: Db, tokenHash: string, now: Date): Promise<PasswordResetRow | null> {
  const [row] = await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
    .returning()
  return row ?? null
}

/** Ends every other open reset of the user (a new password makes older links pointless). */
export async function closeOpenResets(db: Db, userId: string, now: Date): Promise<void> {
  await db.update(passwordResets).set({ usedAt: now }).where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)))
}

export async function deleteExpiredResets(db: Db, before: Date): Promise<void> {
  await db.delete(passwordResets).where(lt(passwordResets.expiresAt, before))
}
