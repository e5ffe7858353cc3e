/**
 * The only SQL for refunds (decision 59): one row per refund or return, its Paystack refund id once Paystack
 * queued it, and the reads a refund needs of the order's Paystack payments. Every read of a shop's refunds
 * names the shop.
 */
import { type SQL, and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { refunds, transactions, users } from '../../db/schema'
import type { ParsedQuery, QuerySpec } from '../../lib/feathers-query'

export type RefundRow = typeof refunds.$inferSelect
export type NewRefund = typeof refunds.$inferInsert
/** A refund with who gave it, as its answers show it. */
export type RefundView = RefundRow & { creatorName: string | null }

/** What `GET /api/refunds/` may filter and sort by; anything else is a 400. */
export const refundQuerySpec: QuerySpec = {
  fields: {
    status: { column: refunds.status, type: 'string' },
    method: { column: refunds.method, type: 'string' },
    createdAt: { column: refunds.createdAt, type: 'date', sort: true },
    updatedAt: { column: refunds.updatedAt, type: 'date', sort: true },
  },
  defaultSort: { createdAt: -1 },
  tieBreaker: refunds.id,
}

const creatorName = sql<string | null>`coalesce(nullif(${users.name}, ''), ${users.email})`

export async function insertRefund(db: Db, values: NewRefund): Promise<RefundRow> {
  const [row] = await db.insert(refunds).values(values).returning()
  return row!
}

/** Takes back a refund the provider never accepted (it could not be reached or refused), so nothing of it stays. */
export async function deleteRefund(db: Db, id: string): Promise<void> {
  await db.delete(refunds).where(eq(refunds.id, id))
}

export async function updateRefund(
  db: Db,
  id: string,
  changes: Partial<Pick<RefundRow, 'status' | 'providerReference'>>,
): Promise<RefundRow> {
  const [row] = await db
    .update(refunds)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(refunds.id, id))
    .returning()
  return row!
}

export async function findRefundView(db: Db, id: string): Promise<RefundView | null> {
  const [row] = await db
    .select({ refund: refunds, creatorName })
    .from(refunds)
    .leftJoin(users, eq(users.id, refunds.createdBy))
    .where(eq(refunds.id, id))
    .limit(1)
  return row ? { ...row.refund, creatorName: row.creatorName } : null
}

/** A Paystack refund by its refund id; `lock` holds it until the transaction ends, so a repeated webhook moves it once. */
export async function findRefundByProviderReference(db: Db, providerReference: string, lock: boolean): Promise<RefundRow | null> {
  const query = db.select().from(refunds).where(eq(refunds.providerReference, providerReference)).limit(1)
  const [row] = lock ? await query.for('update') : await query
  return row ?? null
}

/**
 * A Paystack refund still waiting for its id, found by its payment's reference and amount when its webhook
 * names a refund id we have not stored yet (it came before our own write of it): the oldest such.
 */
export async function findPendingRefundOfPayment(db: Db, transactionReference: string, amountMinor: number, lock: boolean): Promise<RefundRow | null> {
  const query = db
    .select({ refund: refunds })
    .from(refunds)
    .innerJoin(transactions, eq(transactions.id, refunds.transactionId))
    .where(
      and(
        eq(transactions.provider, 'paystack'),
        eq(transactions.reference, transactionReference),
        eq(refunds.status, 'pending'),
        eq(refunds.amountMinor, amountMinor),
        // One whose Paystack id is known is only ever found by it.
        isNull(refunds.providerReference),
      ),
    )
    .orderBy(asc(refunds.createdAt))
    .limit(1)
  const [row] = lock ? await query.for('update', { of: refunds }) : await query
  return row?.refund ?? null
}

/** One page of an order's refunds (or a shop's, without `orderId`), with who gave each. */
export async function listRefunds(db: Db, shopId: string, orderId: string | null, parsed: ParsedQuery) {
  const where = and(eq(refunds.shopId, shopId), orderId ? eq(refunds.orderId, orderId) : undefined, parsed.where) as SQL
  const [rows, [counted]] = await Promise.all([
    parsed.limit > 0
      ? db
          .select({ refund: refunds, creatorName })
          .from(refunds)
          .leftJoin(users, eq(users.id, refunds.createdBy))
          .where(where)
          .orderBy(...parsed.orderBy)
          .limit(parsed.limit)
          .offset(parsed.skip)
      : Promise.resolve([]),
    db.select({ total: count() }).from(refunds).where(where),
  ])
  return { rows: rows.map((row) => ({ ...row.refund, creatorName: row.creatorName })), total: counted?.total ?? 0 }
}

/**
 * The order's successful Paystack payments, oldest first, each with what its refunds (pending or done)
 * already took back: a Paystack refund reverses one of them and never more than is left of it.
 */
export async function paystackPaymentsOf(db: Db, shopId: string, orderId: string) {
  const payments = await db
    .select({ id: transactions.id, reference: transactions.reference, amountMinor: transactions.amountMinor, currency: transactions.currency })
    .from(transactions)
    .where(and(eq(transactions.shopId, shopId), eq(transactions.orderId, orderId), eq(transactions.provider, 'paystack'), eq(transactions.status, 'success')))
    .orderBy(asc(transactions.createdAt), asc(transactions.id))
  if (!payments.length) return []
  const taken = await db
    .select({ transactionId: refunds.transactionId, amountMinor: sql<number>`sum(${refunds.amountMinor})::bigint`.mapWith(Number) })
    .from(refunds)
    .where(and(inArray(refunds.transactionId, payments.map((payment) => payment.id)), inArray(refunds.status, ['pending', 'succeeded'])))
    .groupBy(refunds.transactionId)
  const takenBy = new Map(taken.map((row) => [row.transactionId, row.amountMinor]))
  return payments.map((payment) => ({ ...payment, refundableMinor: payment.amountMinor - (takenBy.get(payment.id) ?? 0) }))
}
