/** The only SQL for categories. */
import { and, count, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { queryRows } from '../../db/query-rows'
import { categories } from '../../db/schema'
import type { ParsedQuery, QuerySpec } from '../../lib/feathers-query'
import type { CategoryRow } from './catalog.dto'

/** Sorted case-insensitively so "apparel" and "Shoes" order the same on every database collation. */
export const categoryQuerySpec: QuerySpec = {
  fields: {
    name: { column: sql`lower(${categories.name})`, type: 'string', sort: true, search: 'substring' },
    createdAt: { column: categories.createdAt, type: 'date', sort: true },
  },
  defaultSort: { name: 1 },
  tieBreaker: categories.id,
}

export async function listCategories(db: Db, shopId: string, parsed: ParsedQuery) {
  const where = and(eq(categories.shopId, shopId), parsed.where)
  const [rows, [counted]] = await Promise.all([
    parsed.limit > 0
      ? db.select().from(categories).where(where).orderBy(...parsed.orderBy).limit(parsed.limit).offset(parsed.skip)
      : Promise.resolve([] as CategoryRow[]),
    db.select({ total: count() }).from(categories).where(where),
  ])
  return { rows, total: counted?.total ?? 0 }
}

export async function findCategory(db: Db, id: string): Promise<CategoryRow | null> {
  const [row] = await db.select().from(categories).where(eq(categories.id, id)).limit(1)
  return row ?? null
}

/**
 * The subset of `ids` that are categories of `shopId`, share-locked until the transaction ends so a
 * concurrent delete cannot leave a product pointing at a category that no longer exists.
 */
export async function lockExistingCategoryIds(db: Db, shopId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set()
  const rows = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.shopId, shopId), inArray(categories.id, ids)))
    .orderBy(categories.id)
    .for('share')
  return new Set(rows.map((row) => row.id))
}

/** Reads and locks the category row until the transaction ends. */
export async function findCategoryForUpdate(db: Db, id: string): Promise<CategoryRow | null> {
  const [row] = await db.select().from(categories).where(eq(categories.id, id)).limit(1).for('update')
  return row ?? null
}

/** Throws the unique violation of `categories_shop_name_key` for a duplicate name. */
export async function insertCategory(db: Db, shopId: string, name: string): Promise<CategoryRow> {
  const [row] = await db.insert(categories).values({ shopId, name }).returning()
  return row!
}

export async function deleteCategory(db: Db, id: string): Promise<CategoryRow | null> {
  const [row] = await db.delete(categories).where(eq(categories.id, id)).returning()
  return row ?? null
}

/** Every category of the shop, id → name (a shop has a few dozen). */
export async function shopCategoryNames(db: Db, shopId: string): Promise<Map<string, string>> {
  const rows = await db.select({ id: categories.id, name: categories.name }).from(categories).where(eq(categories.shopId, shopId))
  return new Map(rows.map((row) => [row.id, row.name]))
}

/**
 * The shop's categories of `names` (matched as the unique key matches them, case-insensitively), the
 * missing ones created in the order given: name as given → id. Share-locked until the transaction ends,
 * as `lockExistingCategoryIds`. Two statements, however many names.
 */
export async function ensureCategories(tx: Db, shopId: string, names: string[]): Promise<Map<string, string>> {
  if (names.length === 0) return new Map()
  await tx.execute(sql`
    insert into ${categories} (shop_id, name)
    select ${shopId}::uuid, n.name from unnest(${sql.param(names)}::text[]) with ordinality as n(name, ord)
    order by n.ord
    on conflict (shop_id, lower(name)) do nothing`)
  const rows = await queryRows<{ name: string; id: string }>(tx, sql`
    select n.name, c.id from unnest(${sql.param(names)}::text[]) as n(name)
    join ${categories} c on c.shop_id = ${shopId}::uuid and lower(c.name) = lower(n.name)
    order by c.id
    for share of c`)
  return new Map(rows.map((row) => [row.name, row.id]))
}
