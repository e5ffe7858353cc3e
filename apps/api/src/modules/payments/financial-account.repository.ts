/** The only SQL for financial accounts (a shop's payout details). */
import { and, count, eq, isNotNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { financialAccounts } from '../../db/schema'
import type { ParsedQuery, QuerySpec } from '../../lib/feathers-query'

export type FinancialAccountRow = typeof financialAccounts.$inferSelect
export type NewFinancialAccount = typeof financialAccounts.$inferInsert
export type FinancialAccountChanges = Partial<
  Pick<NewFinancialAccount, 'kind' | 'provider' | 'accountName' | 'accountNumber' | 'bankCode' | 'subaccountCode' | 'verifiedAt'>
>

/** What `GET /api/financial-accounts/` may filter and sort by (never the account number). */
export const financialAccountQuerySpec: QuerySpec = {
  fields: {
    kind: { column: financialAccounts.kind, type: 'string' },
    provider: { column: financialAccounts.provider, type: 'string', search: 'substring', sort: true },
    createdAt: { column: financialAccounts.createdAt, type: 'date', sort: true },
    updatedAt: { column: financialAccounts.updatedAt, type: 'date', sort: true },
  },
  defaultSort: { createdAt: -1 },
  tieBreaker: financialAccounts.id,
}

export async function findFinancialAccount(db: Db, id: string): Promise<FinancialAccountRow | null> {
  const [row] = await db.select().from(financialAccounts).where(eq(financialAccounts.id, id)).limit(1)
  return row ?? null
}

export async function countFinancialAccounts(db: Db, shopId: string): Promise<number> {
  const [row] = await db.select({ total: count() }).from(financialAccounts).where(eq(financialAccounts.shopId, shopId))
  return row?.total ?? 0
}

/**
 * Inserts unless the shop already has `limit` accounts. The shop's row is locked first so two concurrent
 * inserts cannot both pass the count. Null when the limit is reached.
 */
export async function insertFinancialAccount(db: Db, values: NewFinancialAccount, limit: number): Promise<FinancialAccountRow | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`financial-accounts:${values.shopId}`}, 0))`)
    if ((await countFinancialAccounts(tx, values.shopId)) >= limit) return null
    const [row] = await tx.insert(financialAccounts).values(values).returning()
    return row!
  })
}

export async function updateFinancialAccount(db: Db, id: string, changes: FinancialAccountChanges): Promise<FinancialAccountRow | null> {
  const [row] = await db
    .update(financialAccounts)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(financialAccounts.id, id))
    .returning()
  return row ?? null
}

export async function deleteFinancialAccount(db: Db, id: string): Promise<FinancialAccountRow | null> {
  const [row] = await db.delete(financialAccounts).where(eq(financialAccounts.id, id)).returning()
  return row ?? null
}

export async function listFinancialAccounts(db: Db, shopId: string, parsed: ParsedQuery) {
  const where = and(eq(financialAccounts.shopId, shopId), parsed.where)
  const [rows, [counted]] = await Promise.all([
    parsed.limit > 0
      ? db.select().from(financialAccounts).where(where).orderBy(...parsed.orderBy).limit(parsed.limit).offset(parsed.skip)
      : Promise.resolve([] as FinancialAccountRow[]),
    db.select({ total: count() }).from(financialAccounts).where(where),
  ])
  return { rows, total: counted?.total ?? 0 }
}

/** The shop's payout account (decision 58), verified or not; null when it has none. */
export async function findPayoutAccount(db: Db, shopId: string): Promise<FinancialAccountRow | null> {
  const [row] = await db
    .select()
    .from(financialAccounts)
    .where(and(eq(financialAccounts.shopId, shopId), eq(financialAccounts.payout, true)))
    .limit(1)
  return row ?? null
}

/** The Paystack subaccount the shop's online payments settle to: only a verified payout account has one. */
export async function findPayoutSubaccount(db: Db, shopId: string): Promise<string | null> {
  const [row] = await db
    .select({ code: financialAccounts.subaccountCode })
    .from(financialAccounts)
    .where(
      and(
        eq(financialAccounts.shopId, shopId),
        eq(financialAccounts.payout, true),
        isNotNull(financialAccounts.subaccountCode),
        isNotNull(financialAccounts.verifiedAt),
      ),
    )
    .limit(1)
  return row?.code ?? null
}
