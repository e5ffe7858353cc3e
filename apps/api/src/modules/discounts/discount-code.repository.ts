/** The only SQL for discount codes. Codes are matched ignoring case, as the unique index is. */
import { type SQL, and, count, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { discountCodes, orders, shops } from '../../db/schema'
import type { ParsedQuery, QuerySpec } from '../../lib/feathers-query'
import type { DiscountCodeRow } from './discount.dto'

export const discountCodeQuerySpec: QuerySpec = {
  fields: {
    code: { column: sql`lower(${discountCodes.code})`, type: 'string', sort: true, search: 'substring' },
    type: { column: discountCodes.type, type: 'string' },
    active: { column: discountCodes.active, type: 'boolean' },
    usedCount: { column: discountCodes.usedCount, type: 'integer', sort: true },
    expiresAt: { column: discountCodes.expiresAt, type: 'date', sort: true },
    createdAt: { column: discountCodes.createdAt, type: 'date', sort: true },
  },
  defaultSort: { createdAt: -1 },
  tieBreaker: discountCodes.id,
}

const sameCode = (code: string): SQL => sql`lower(${discountCodes.code}) = lower(${code})`
/** Active and not expired; a code without an expiry never expires. */
const liveNow = sql`${discountCodes.active} and (${discountCodes.expiresAt} is null or ${discountCodes.expiresAt} > now())`
/** Usable right now: live, uses left. Minimum subtotals are checked where a subtotal is known. */
const validNow = sql`${liveNow} and (${discountCodes.usageLimit} is null or ${discountCodes.usedCount} < ${discountCodes.usageLimit})`

export async function listCodes(db: Db, shopId: string, parsed: ParsedQuery) {
  const where = and(eq(discountCodes.shopId, shopId), parsed.where)
  const [rows, [counted]] = await Promise.all([
    parsed.limit > 0
      ? db.select().from(discountCodes).where(where).orderBy(...parsed.orderBy).limit(parsed.limit).offset(parsed.skip)
      : Promise.resolve([] as DiscountCodeRow[]),
    db.select({ total: count() }).from(discountCodes).where(where),
  ])
  return { rows, total: counted?.total ?? 0 }
}

export async function findCode(db: Db, id: string): Promise<DiscountCodeRow | null> {
  const [row] = await db.select().from(discountCodes).where(eq(discountCodes.id, id)).limit(1)
  return row ?? null
}

/** Reads and locks the code until the transaction ends, so a concurrent redemption waits for the edit. */
export async function findCodeForUpdate(db: Db, id: string): Promise<DiscountCodeRow | null> {
  const [row] = await db.select().from(discountCodes).where(eq(discountCodes.id, id)).limit(1).for('update')
  return row ?? null
}

export async function findValidCode(db: Db, shopId: string, code: string): Promise<DiscountCodeRow | null> {
  const [row] = await db
    .select()
    .from(discountCodes)
    .where(and(eq(discountCodes.shopId, shopId), sameCode(code), validNow))
    .limit(1)
  return row ?? null
}

export type NewDiscountCode = typeof discountCodes.$inferInsert
export type DiscountCodeChanges = Partial<
  Pick<NewDiscountCode, 'code' | 'type' | 'value' | 'expiresAt' | 'usageLimit' | 'minSubtotalMinor' | 'active' | 'oncePerCustomer' | 'firstOrderOnly'>
>

/** Throws the unique violation of `discount_codes_shop_code_key` for a code the shop already has. */
export async function insertCode(db: Db, values: NewDiscountCode): Promise<DiscountCodeRow> {
  const [row] = await db.insert(discountCodes).values(values).returning()
  return row!
}

/** Throws the unique violation of `discount_codes_shop_code_key` for a code the shop already has. */
export async function updateCode(db: Db, id: string, changes: DiscountCodeChanges): Promise<DiscountCodeRow | null> {
  const [row] = await db
    .update(discountCodes)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(discountCodes.id, id))
    .returning()
  return row ?? null
}

export type RedeemedCode = {
  id: string
  code: string
  type: 'percentage' | 'fixed'
  value: number
  oncePerCustomer: boolean
  firstOrderOnly: boolean
}

/**
 * Takes one use in a single statement: the row lock and PostgreSQL's re-check of the WHERE clause on the
 * latest row version make concurrent redemptions of a last use succeed exactly once.
 */
export async function takeCodeUse(db: Db, shopId: string, code: string, subtotalMinor: number): Promise<RedeemedCode | null> {
  const [row] = await db
    .update(discountCodes)
    .set({ usedCount: sql`${discountCodes.usedCount} + 1` })
    .where(
      and(
        eq(discountCodes.shopId, shopId),
        sameCode(code),
        validNow,
        sql`${discountCodes.minSubtotalMinor} <= ${subtotalMinor}`,
      ),
    )
    .returning({
      id: discountCodes.id,
      code: discountCodes.code,
      type: discountCodes.type,
      value: discountCodes.value,
      oncePerCustomer: discountCodes.oncePerCustomer,
      firstOrderOnly: discountCodes.firstOrderOnly,
    })
  return row ?? null
}

/** Why a code cannot be used now: its state as the database sees it, with the shop's currency. */
export async function findCodeState(db: Db, shopId: string, code: string) {
  const [row] = await db
    .select({
      live: sql<boolean>`${liveNow}`,
      usedUp: sql<boolean>`${discountCodes.usageLimit} is not null and ${discountCodes.usedCount} >= ${discountCodes.usageLimit}`,
      minSubtotalMinor: discountCodes.minSubtotalMinor,
      currency: shops.currency,
    })
    .from(discountCodes)
    .innerJoin(shops, eq(shops.id, discountCodes.shopId))
    .where(and(eq(discountCodes.shopId, shopId), sameCode(code)))
    .limit(1)
  return row ?? null
}

/** Gives one use back; false when the code is unknown or has no uses. */
export async function giveCodeUseBack(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(discountCodes)
    .set({ usedCount: sql`${discountCodes.usedCount} - 1` })
    .where(and(eq(discountCodes.id, id), sql`${discountCodes.usedCount} > 0`))
    .returning({ id: discountCodes.id })
  return rows.length > 0
}

/** The buyer a per-customer rule is about: their phone (international form) and e-mail, '' for none. */
export type CustomerKeys = { phone: string; email: string }

/**
 * Holds, until the transaction ends, a lock per key of the buyer in the shop (advisory, in a fixed order so
 * two buyers sharing a key cannot deadlock): two orders of one buyer with per-customer codes run one after
 * the other, and the second sees the first.
 */
export async function lockCustomerKeys(db: Db, shopId: string, keys: CustomerKeys): Promise<void> {
  const names = [keys.phone && `phone:${keys.phone}`, keys.email && `email:${keys.email.toLowerCase()}`].filter(Boolean).sort()
  for (const name of names) {
    await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`discount-customer:${shopId}:${name}`}, 0))`)
  }
}

/**
 * Whether the buyer (same phone or same e-mail, ignoring case) has an order of the shop that is not
 * canceled, with the code `codeId` when given. Uses orders_shop_phone_idx and orders_shop_email_idx.
 */
export async function hasEarlierOrder(db: Db, shopId: string, keys: CustomerKeys, codeId: string | null): Promise<boolean> {
  const same = [
    keys.phone ? sql`${orders.phone} = ${keys.phone}` : null,
    keys.email ? sql`lower(${orders.email}) = lower(${keys.email})` : null,
  ].filter((part): part is SQL => part !== null)
  if (same.length === 0) return false
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.shopId, shopId),
        sql`${orders.status} <> 'canceled'`,
        codeId ? eq(orders.discountCodeId, codeId) : undefined,
        sql`(${sql.join(same, sql` or `)})`,
      ),
    )
    .limit(1)
  return !!row
}
