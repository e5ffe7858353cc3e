import { and, eq, gt, isNull, lt } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { loginCodes } from '../../db/schema'

export async function insertLoginCode(db: Db, values: { userId: string; codeHash: string; redir: string; expiresAt: Date }) {
  await db.insert(loginCodes).values(values)
}

/** Marks the code used and returns it, in one statement, so a code works exactly once. */
export async function consumeLoginCode(db: Db, codeHash: string): Promise<{ userId: string; redir: string } | null> {
  const [row] = await db
    .update(loginCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(loginCodes.codeHash, codeHash), isNull(loginCodes.usedAt), gt(loginCodes.expiresAt, new Date())))
    .returning({ userId: loginCodes.userId, redir: loginCodes.redir })
  return row ?? null
}

export async function deleteExpiredLoginCodes(db: Db, before: Date) {
  await db.delete(loginCodes).where(lt(loginCodes.expiresAt, before))
}
