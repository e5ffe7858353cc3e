/** The only SQL for promotions and the shop's stacking setting. */
import { and, asc, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { queryRows } from '../../db/query-rows'
import { rowReader } from '../../db/table-rows'
import { promotions, shopConfigs, shops } from '../../db/schema'

export type PromotionRow = typeof promotions.$inferSelect
export type NewPromotion = typeof promotions.$inferInsert
export type PromotionChanges = Partial<Pick<NewPromotion, 'name' | 'value' | 'minSubtotalMinor' | 'regions' | 'startsAt' | 'endsAt' | 'active'>>

/** A shop has a handful of promotions: all of them, oldest first (the order ties are broken in). */
export async function listPromotionRows(db: Db, shopId: string): Promise<PromotionRow[]> {
  return db.select().from(promotions).where(eq(promotions.shopId, shopId)).orderBy(asc(promotions.createdAt), asc(promotions.id))
}

/** The switched-on ones, whose windows the caller checks against its clock. */
export async function listActivePromotionRows(db: Db, shopId: string): Promise<PromotionRow[]> {
  return db
    .select()
    .from(promotions)
    .where(and(eq(promotions.shopId, shopId), eq(promotions.active, true)))
    .orderBy(asc(promotions.createdAt), asc(promotions.id))
}

const readPromotion = rowReader(promotions)

/**
 * `listActivePromotionRows` and the shop's stacking setting (false before its settings were first saved) in
 * one statement: placing an order reads both, inside its transaction, where each statement is a round trip.
 */
export async function findActivePromotions(db: Db, shopId: string): Promise<{ rows: PromotionRow[]; stacksWithCodes: boolean }> {
  const [found] = await queryRows<{ stacks: boolean | null; rows: unknown }>(db, sql`
    select
      (select c.promotions_stack_with_codes from ${shopConfigs} c where c.shop_id = ${shopId}::uuid) as stacks,
      (select coalesce(json_agg(to_json(p) order by p.created_at, p.id), '[]'::json) from ${promotions} p
        where p.shop_id = ${shopId}::uuid and p.active) as rows`)
  const rows = (typeof found!.rows === 'string' ? JSON.parse(found!.rows) : found!.rows) as Record<string, unknown>[]
  return { rows: rows.map(readPromotion), stacksWithCodes: found!.stacks ?? false }
}

export async function findPromotionRow(db: Db, id: string): Promise<PromotionRow | null> {
  const [row] = await db.select().from(promotions).where(eq(promotions.id, id)).limit(1)
  return row ?? null
}

export async function insertPromotion(db: Db, values: NewPromotion): Promise<PromotionRow> {
  const [row] = await db.insert(promotions).values(values).returning()
  return row!
}

export async function updatePromotion(db: Db, id: string, changes: PromotionChanges): Promise<PromotionRow | null> {
  const [row] = await db
    .update(promotions)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(promotions.id, id))
    .returning()
  return row ?? null
}

export async function deletePromotion(db: Db, id: string): Promise<PromotionRow | null> {
  const [row] = await db.delete(promotions).where(eq(promotions.id, id)).returning()
  return row ?? null
}

/** The shop's currency and stacking setting (a shop without a settings row does not stack); null: no such shop. */
export async function findPromotionTerms(db: Db, shopId: string): Promise<{ currency: string; stacksWithCodes: boolean } | null> {
  const [row] = await db
    .select({ currency: shops.currency, stacksWithCodes: shopConfigs.promotionsStackWithCodes })
    .from(shops)
    .leftJoin(shopConfigs, eq(shopConfigs.shopId, shops.id))
    .where(eq(shops.id, shopId))
    .limit(1)
  return row ? { currency: row.currency, stacksWithCodes: row.stacksWithCodes ?? false } : null
}

export async function setStacksWithCodes(db: Db, shopId: string, stacksWithCodes: boolean): Promise<void> {
  await db
    .insert(shopConfigs)
    .values({ shopId, promotionsStackWithCodes: stacksWithCodes })
    .onConflictDoUpdate({ target: shopConfigs.shopId, set: { promotionsStackWithCodes: stacksWithCodes, updatedAt: sql`now()` } })
}
