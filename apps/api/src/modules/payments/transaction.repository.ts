/**
 * The only SQL for transactions (one row per payment attempt), and the reads of shops and orders its
 * pages need.
 */
import { type SQL, and, count, desc, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { queryRows } from '../../db/query-rows'
import { rowReader, rowValues } from '../../db/table-rows'
import { orders, shopConfigs, shops, transactions } from '../../db/schema'
import type { ParsedQuery, QuerySpec } from '../../lib/feathers-query'

export type TransactionRow = typeof transactions.$inferSelect
export type NewTransaction = typeof transactions.$inferInsert
export type TransactionStatus = TransactionRow['status']

/** What `GET /api/transactions/` may filter and sort by; anything else is a 400. */
export const transactionQuerySpec: QuerySpec = {
  fields: {
    status: { column: transactions.status, type: 'string' },
    provider: { column: transactions.provider, type: 'string' },
    createdAt: { column: transactions.createdAt, type: 'date', sort: true },
    updatedAt: { column: transactions.updatedAt, type: 'date', sort: true },
  },
  defaultSort: { createdAt: -1 },
  tieBreaker: transactions.id,
}

const readTransaction = rowReader(transactions)

/** A template rather than the query builder: every order opens one (see db/table-rows.ts). */
export async function insertTransaction(db: Db, values: NewTransaction): Promise<TransactionRow> {
  const [row] = await queryRows<Record<string, unknown>>(db, sql`insert into ${transactions} ${rowValues(transactions, values)} returning *`)
  return readTransaction(row!)
}

export async function findTransaction(db: Db, id: string): Promise<TransactionRow | null> {
  const [row] = await db.select().from(transactions).where(eq(transactions.id, id)).limit(1)
  return row ?? null
}

/** Reads and locks the attempt until the transaction ends, so a webhook and a verify settle it once. */
export async function findTransactionForUpdate(db: Db, id: string): Promise<TransactionRow | null> {
  const [row] = await db.select().from(transactions).where(eq(transactions.id, id)).limit(1).for('update')
  return row ?? null
}

export async function findTransactionByReference(db: Db, provider: string, reference: string): Promise<TransactionRow | null> {
  const [row] = await db
    .select()
    .from(transactions)
    .where(and(eq(transactions.provider, provider), eq(transactions.reference, reference)))
    .limit(1)
  return row ?? null
}

/** The order's newest attempt: the one a buyer may retry. */
export async function findLatestTransaction(db: Db, shopId: string, orderId: string): Promise<TransactionRow | null> {
  const [row] = await db
    .select()
    .from(transactions)
    .where(and(eq(transactions.shopId, shopId), eq(transactions.orderId, orderId)))
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(1)
  return row ?? null
}

/** Sets the status and merges `details` (top-level keys) into what is stored. */
export async function updateTransaction(
  db: Db,
  id: string,
  changes: { status?: TransactionStatus; details?: Record<string, unknown> },
): Promise<TransactionRow> {
  const [row] = await db
    .update(transactions)
    .set({
      ...(changes.status ? { status: changes.status } : {}),
      ...(changes.details ? { details: sql`${transactions.details} || ${JSON.stringify(changes.details)}::jsonb` } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(transactions.id, id))
    .returning()
  return row!
}

/** The `test` provider's pay page access code (its hash) for an attempt it started. */
export async function setAccessCodeHash(db: Db, id: string, accessCodeHash: string): Promise<void> {
  await db.update(transactions).set({ accessCodeHash, updatedAt: sql`now()` }).where(eq(transactions.id, id))
}

/** One page of an order's attempts. */
export async function listTransactions(db: Db, shopId: string, orderId: string, parsed: ParsedQuery) {
  const where = and(eq(transactions.shopId, shopId), eq(transactions.orderId, orderId), parsed.where) as SQL
  const [rows, [counted]] = await Promise.all([
    parsed.limit > 0
      ? db.select().from(transactions).where(where).orderBy(...parsed.orderBy).limit(parsed.limit).offset(parsed.skip)
      : Promise.resolve([] as TransactionRow[]),
    db.select({ total: count() }).from(transactions).where(where),
  ])
  return { rows, total: counted?.total ?? 0 }
}

// ---------------------------------------------------------------- shop reads for payments

/** A shop's currency and payment options (null for an unknown shop). */
export async function findShopPaymentTerms(db: Db, shopId: string) {
  const [row] = await db
    .select({ currency: shops.currency, paymentOptions: shopConfigs.paymentOptions })
    .from(shops)
    .leftJoin(shopConfigs, eq(shopConfigs.shopId, shops.id))
    .where(eq(shops.id, shopId))
    .limit(1)
  return row ? { currency: row.currency, paymentOptions: row.paymentOptions ?? [] } : null
}

export async function findShopSlug(db: Db, shopId: string): Promise<string | null> {
  const [row] = await db.select({ slug: shops.slug }).from(shops).where(eq(shops.id, shopId)).limit(1)
  return row?.slug ?? null
}

/** What the test pay page shows and checks: the attempt, its order, and the shop's title and options. */
export async function findPayPageData(db: Db, transactionId: string) {
  const [row] = await db
    .select({
      transaction: transactions,
      order: orders,
      shopTitle: shops.title,
      paymentOptions: shopConfigs.paymentOptions,
    })
    .from(transactions)
    .innerJoin(orders, and(eq(orders.shopId, transactions.shopId), eq(orders.id, transactions.orderId)))
    .innerJoin(shops, eq(shops.id, transactions.shopId))
    .leftJoin(shopConfigs, eq(shopConfigs.shopId, transactions.shopId))
    .where(eq(transactions.id, transactionId))
    .limit(1)
  return row ? { ...row, paymentOptions: row.paymentOptions ?? [] } : null
}

/**
 * Locks the order's attempts still waiting (in id order) until the transaction ends: recording a payment
 * takes them before the order, the lock order settling uses (attempt, then order).
 */
export async function lockPendingTransactions(db: Db, shopId: string, orderId: string): Promise<TransactionRow[]> {
  return db
    .select()
    .from(transactions)
    .where(and(eq(transactions.shopId, shopId), eq(transactions.orderId, orderId), eq(transactions.status, 'pending')))
    .orderBy(transactions.id)
    .for('update')
}

/** The order's attempts still waiting for their provider's answer. */
export async function listPendingTransactions(db: Db, orderId: string): Promise<TransactionRow[]> {
  return db.select().from(transactions).where(and(eq(transactions.orderId, orderId), eq(transactions.status, 'pending')))
}

/** Closes the order's attempts still waiting: the order is canceled, so they can no longer be paid. */
export async function abandonPendingTransactions(db: Db, shopId: string, orderId: string): Promise<void> {
  await db
    .update(transactions)
    .set({ status: 'abandoned', updatedAt: new Date() })
    .where(and(eq(transactions.shopId, shopId), eq(transactions.orderId, orderId), eq(transactions.status, 'pending')))
}

// ---------------------------------------------------------------- a shop's payouts (decision 58)

/** What the payouts view may sort by: newest payments first. */
export const payoutPaymentQuerySpec: QuerySpec = {
  fields: {
    createdAt: { column: transactions.createdAt, type: 'date', sort: true },
    updatedAt: { column: transactions.updatedAt, type: 'date', sort: true },
  },
  defaultSort: { updatedAt: -1 },
  tieBreaker: transactions.id,
}

/** One page of the shop's successful Paystack payments, each with its order's number. */
export async function listPaidOnline(db: Db, shopId: string, parsed: ParsedQuery) {
  const where = and(eq(transactions.shopId, shopId), eq(transactions.provider, 'paystack'), eq(transactions.status, 'success'), parsed.where) as SQL
  const [rows, [counted]] = await Promise.all([
    parsed.limit > 0
      ? db
          .select({ transaction: transactions, orderNumber: orders.orderId })
          .from(transactions)
          .innerJoin(orders, eq(orders.id, transactions.orderId))
          .where(where)
          .orderBy(...parsed.orderBy)
          .limit(parsed.limit)
          .offset(parsed.skip)
      : Promise.resolve([] as { transaction: TransactionRow; orderNumber: string }[]),
    db.select({ total: count() }).from(transactions).where(where),
  ])
  return { rows, total: counted?.total ?? 0 }
}
