/** The seed's own SQL: whether a database may be seeded, and the lock that lets only one process do it. */
import { count, inArray, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { shops, users } from '../db/schema'

/** Serialises concurrent seeders (two processes starting on one empty database) until the transaction ends. */
export async function lockSeeding(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(7341220118)`)
}

/** The password hashes of those of `emails` that are registered (any case), by lower-cased address. */
export async function passwordHashesOf(db: Db, emails: readonly string[]): Promise<{ email: string; passwordHash: string }[]> {
  return db
    .select({ email: sql<string>`lower(${users.email})`, passwordHash: users.passwordHash })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, emails.map((email) => email.toLowerCase())))
}

/** A database without shops, where none of `emails` is registered yet (any case). */
export async function isSeedable(db: Db, emails: readonly string[]): Promise<boolean> {
  const [shopCount] = await db.select({ n: count() }).from(shops)
  if (shopCount!.n > 0) return false
  const taken = await db
    .select({ id: users.id })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, emails.map((email) => email.toLowerCase())))
    .limit(1)
  return taken.length === 0
}
