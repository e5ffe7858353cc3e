/** The only SQL for delivery regions and rates. */
import { type SQL, and, asc, count, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { deliveryRates, deliveryRegions, shops } from '../../db/schema'
import type { ParsedQuery, QuerySpec } from '../../lib/feathers-query'
import type { RateRow, RegionRow } from './delivery.dto'

export const rateQuerySpec: QuerySpec = {
  fields: {
    name: { column: deliveryRates.name, type: 'string', sort: true, search: 'substring' },
    'rate.value': { column: deliveryRates.rateMinor, type: 'money', sort: true },
    paymentOption: { column: deliveryRates.paymentOption, type: 'string' },
    /** `regions=GH-AA`: the rates that cover that region. */
    regions: { column: deliveryRates.regions, type: 'string', arrayOf: 'text' },
    createdAt: { column: deliveryRates.createdAt, type: 'date', sort: true },
  },
  defaultSort: { 'rate.value': 1, name: 1 },
  tieBreaker: deliveryRates.id,
}

export async function listRegions(db: Db, country: string): Promise<RegionRow[]> {
  return db.select().from(deliveryRegions).where(eq(deliveryRegions.country, country)).orderBy(asc(deliveryRegions.name))
}

export async function findRegion(db: Db, id: string): Promise<RegionRow | null> {
  const [row] = await db.select().from(deliveryRegions).where(eq(deliveryRegions.id, id)).limit(1)
  return row ?? null
}

/** The names of the known regions among `ids`, by id. */
export async function findRegionNames(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map()
  const rows = await db.select({ id: deliveryRegions.id, name: deliveryRegions.name }).from(deliveryRegions).where(inArray(deliveryRegions.id, [...ids]))
  return new Map(rows.map((row) => [row.id, row.name]))
}

/** The subset of `ids` that are known regions. */
export async function existingRegionIds(db: Db, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set()
  const rows = await db.select({ id: deliveryRegions.id }).from(deliveryRegions).where(inArray(deliveryRegions.id, ids))
  return new Set(rows.map((row) => row.id))
}

/** The shop's currency, or null for an unknown shop. */
export async function findShopCurrency(db: Db, shopId: string): Promise<string | null> {
  const [row] = await db.select({ currency: shops.currency }).from(shops).where(eq(shops.id, shopId)).limit(1)
  return row?.currency ?? null
}

export async function listRates(db: Db, shopId: string, active: boolean | null, parsed: ParsedQuery) {
  const where = and(
    eq(deliveryRates.shopId, shopId),
    active === null ? undefined : eq(deliveryRates.active, active),
    parsed.where,
  )
  const [rows, [counted]] = await Promise.all([
    parsed.limit > 0
      ? db.select().from(deliveryRates).where(where).orderBy(...parsed.orderBy).limit(parsed.limit).offset(parsed.skip)
      : Promise.resolve([] as RateRow[]),
    db.select({ total: count() }).from(deliveryRates).where(where),
  ])
  return { rows, total: counted?.total ?? 0 }
}

export async function findRate(db: Db, id: string): Promise<RateRow | null> {
  const [row] = await db.select().from(deliveryRates).where(eq(deliveryRates.id, id)).limit(1)
  return row ?? null
}

const covers = (region: string): SQL => sql`${deliveryRates.regions} @> array[${region}]::text[]`

/** The shop's active rates that cover `region`, cheapest first. */
export async function findRatesForRegion(db: Db, shopId: string, region: string): Promise<RateRow[]> {
  return db
    .select()
    .from(deliveryRates)
    .where(and(eq(deliveryRates.shopId, shopId), eq(deliveryRates.active, true), covers(region)))
    .orderBy(asc(deliveryRates.rateMinor), asc(deliveryRates.name), asc(deliveryRates.id))
}

/** The rate if it is the shop's, active and covers `region`. */
export async function findApplicableRateRow(db: Db, shopId: string, rateId: string, region: string): Promise<RateRow | null> {
  const [row] = await db
    .select()
    .from(deliveryRates)
    .where(
      and(eq(deliveryRates.id, rateId), eq(deliveryRates.shopId, shopId), eq(deliveryRates.active, true), covers(region)),
    )
    .limit(1)
  return row ?? null
}

export type NewRate = typeof deliveryRates.$inferInsert
export type RateChanges = Partial<Pick<NewRate, 'name' | 'regions' | 'rateMinor' | 'currency' | 'paymentOption' | 'estimatedDays' | 'active'>>

export async function insertRate(db: Db, values: NewRate): Promise<RateRow> {
  const [row] = await db.insert(deliveryRates).values(values).returning()
  return row!
}

export async function updateRate(db: Db, id: string, changes: RateChanges): Promise<RateRow | null> {
  const [row] = await db
    .update(deliveryRates)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(deliveryRates.id, id))
    .returning()
  return row ?? null
}
