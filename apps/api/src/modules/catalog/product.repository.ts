/** The only SQL for products. Every query names the shop (or reaches the row by its primary key). */
import { and, count, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { products } from '../../db/schema'
import type { ParsedQuery, QuerySpec } from '../../lib/feathers-query'
import type { ProductRow } from './catalog.dto'

export type ProductInsert = typeof products.$inferInsert
export type ProductChanges = Partial<Omit<ProductInsert, 'id' | 'shopId' | 'createdAt' | 'updatedAt'>>

/** What `GET /api/products/` may filter and sort by; anything else is a 400. */
export const productQuerySpec: QuerySpec = {
  fields: {
    _id: { column: products.id, type: 'uuid' },
    title: { column: products.title, type: 'string', search: 'trigram' },
    'price.value': { column: products.priceMinor, type: 'money', sort: true },
    sellAt: { column: products.sellAtMinor, type: 'money' },
    createdAt: { column: products.createdAt, type: 'date', sort: true },
    inStock: { column: products.inStock, type: 'boolean' },
    available: { column: products.available, type: 'boolean' },
    category: { column: products.categoryIds, type: 'uuid', arrayOf: 'uuid' },
  },
  defaultSort: { createdAt: -1 },
  tieBreaker: products.id,
}

export type ProductScope = { shopId: string; availableOnly: boolean }

function scopedWhere(scope: ProductScope, parsed: ParsedQuery) {
  return and(eq(products.shopId, scope.shopId), scope.availableOnly ? eq(products.available, true) : undefined, parsed.where)
}

/** The page query of the product list; exported so bench/explain-search.ts explains exactly this SQL. */
export function productPageQuery(db: Db, scope: ProductScope, parsed: ParsedQuery) {
  return db
    .select()
    .from(products)
    .where(scopedWhere(scope, parsed))
    .orderBy(...parsed.orderBy)
    .limit(parsed.limit)
    .offset(parsed.skip)
}

export function productCountQuery(db: Db, scope: ProductScope, parsed: ParsedQuery) {
  return db.select({ total: count() }).from(products).where(scopedWhere(scope, parsed))
}

/**
 * Runs `work` in a transaction planned for a trigram title search. At the default random_page_cost (4)
 * the planner prefers a sequential scan as soon as a search matches a few percent of a shop's products:
 * it prices the bitmap heap scan's page reads as random disk I/O and the per-row `<%` check as nearly
 * free, while word_similarity on every row in fact costs about ten times the index plan. 1.1 is the usual
 * value for SSDs and cached data; SET LOCAL keeps it to this transaction. See bench/search-explain.md.
 */
export async function withSearchPlanning<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local random_page_cost = 1.1`)
    return work(tx)
  })
}

async function pageAndCount(db: Db, scope: ProductScope, parsed: ParsedQuery) {
  const rows = parsed.limit > 0 ? await productPageQuery(db, scope, parsed) : []
  const [counted] = await productCountQuery(db, scope, parsed)
  return { rows, total: counted?.total ?? 0 }
}

/** One page of products and the total; `search` says the filter holds a title `$q`. */
export async function listProducts(db: Db, scope: ProductScope, parsed: ParsedQuery, search: boolean) {
  if (search) return withSearchPlanning(db, (tx) => pageAndCount(tx, scope, parsed))
  // Outside a transaction the two queries may run on two pooled connections at once.
  const [rows, [counted]] = await Promise.all([
    parsed.limit > 0 ? productPageQuery(db, scope, parsed) : Promise.resolve([] as ProductRow[]),
    productCountQuery(db, scope, parsed),
  ])
  return { rows, total: counted?.total ?? 0 }
}

export async function findProduct(db: Db, id: string): Promise<ProductRow | null> {
  const [row] = await db.select().from(products).where(eq(products.id, id)).limit(1)
  return row ?? null
}

/** Reads and locks the product row until the transaction ends. */
export async function findProductForUpdate(db: Db, id: string): Promise<ProductRow | null> {
  const [row] = await db.select().from(products).where(eq(products.id, id)).limit(1).for('update')
  return row ?? null
}

export async function insertProduct(db: Db, values: ProductInsert): Promise<ProductRow> {
  const [row] = await db.insert(products).values(values).returning()
  return row!
}

export async function updateProduct(db: Db, id: string, changes: ProductChanges): Promise<ProductRow | null> {
  const [row] = await db
    .update(products)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(products.id, id))
    .returning()
  return row ?? null
}

export async function setProductInStock(db: Db, id: string, inStock: boolean): Promise<void> {
  await db.update(products).set({ inStock, updatedAt: sql`now()` }).where(eq(products.id, id))
}

export async function deleteProduct(db: Db, id: string): Promise<ProductRow | null> {
  const [row] = await db.delete(products).where(eq(products.id, id)).returning()
  return row ?? null
}

/** Takes a deleted category out of every product of its shop. */
export async function removeCategoryFromProducts(db: Db, shopId: string, categoryId: string): Promise<void> {
  await db
    .update(products)
    .set({ categoryIds: sql`array_remove(${products.categoryIds}, ${categoryId}::uuid)`, updatedAt: sql`now()` })
    .where(and(eq(products.shopId, shopId), sql`${products.categoryIds} @> array[${categoryId}]::uuid[]`))
}
