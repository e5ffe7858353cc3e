import type { SQL } from 'drizzle-orm'
import type { Db } from './client'

/** The rows of a raw SQL statement: both drivers answer `{rows}`, which Db's generic result type does not say. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute<Record<string, unknown>>(query)) as { rows: T[] }).rows
}
