/** The only SQL for products. Every query names the shop (or reaches the row by its primary key). */
import { LOW_STOCK_THRESHOLD } from '@shop/domain/schemas/shop'
import { searchWords } from '@shop/domain'
import { and, count, eq, getTableColumns, inArray, or, sql } from 'drizzle-orm'
import { type Db, driverQuery } from '../../db/client'
import { queryRows } from '../../db/query-rows'
import { preparedRows, rowReader } from '../../db/table-rows'
import { type Variant, inventory, products, shopConfigs } from '../../db/schema'
import { MAX_SEARCH_WORDS, type ParsedQuery, type QuerySpec } from '../../lib/feathers-query'
import type { ProductRow, ProductWithStock, StockState } from './catalog.dto'
import { type ProductRating, ratingColumn, readRating } from './product-rating.repository'

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

/** `lowStockOnly`: products with a tracked row at or below the shop's low-stock threshold (staff). */
export type ProductScope = { shopId: string; availableOnly: boolean; lowStockOnly?: boolean }

/**
 * The outer row's columns, qualified: drizzle leaves a single table's columns unqualified, and inside a
 * subquery an unqualified name would mean the inner table's column.
 */
const productShopId = sql.raw('"products"."shop_id"')
const productId = sql.raw('"products"."id"')

/** The shop's low-stock threshold, or the default before its settings were first saved. */
const threshold = sql`coalesce((select c.low_stock_threshold from ${shopConfigs} c where c.shop_id = ${productShopId}), ${sql.raw(String(LOW_STOCK_THRESHOLD.default))})`

/**
 * Read with every product, in the same statement: its inventory rows (inventory_shop_product_variant_key)
 * and its shop's threshold, from which the service tells shoppers each variant's availability.
 */
const stockColumns = {
  stock: sql<[string, number, boolean][]>`(select coalesce(json_agg(json_build_array(i.variant_id, i.quantity, i.tracked)), '[]'::json) from ${inventory} i where i.shop_id = ${productShopId} and i.product_id = ${productId})`.as('stock'),
  lowStockThreshold: sql<number>`${threshold}`.as('low_stock_threshold'),
}
const withStockColumns = { ...getTableColumns(products), ...stockColumns }
/** A list's rows also carry each product's rating (decision 81), read in the same statement. */
const listColumns = { ...withStockColumns, rating: ratingColumn }

/** A product of a list: with its stock and its rating (null without a visible review). */
export type ListedProduct = ProductWithStock & { rating: ProductRating | null }

const lowStock = sql`exists (select 1 from ${inventory} i where i.shop_id = ${productShopId} and i.product_id = ${productId} and i.tracked and i.quantity <= ${threshold})`

const readRow = rowReader(products)
const stockStates = (raw: unknown): StockState[] =>
  ((typeof raw === 'string' ? JSON.parse(raw) : raw) as [string, number, boolean][] | null ?? []).map(([variantId, quantity, tracked]) => ({
    variantId,
    quantity: Number(quantity),
    tracked: Boolean(tracked),
  }))
/** A raw row of a list's statement (`listColumns`). */
function readListed(raw: Record<string, unknown>): ListedProduct {
  const row = readRow(raw) as ListedProduct
  row.stock = stockStates(raw.stock)
  row.lowStockThreshold = Number(raw.low_stock_threshold)
  row.rating = readRating(raw.rating)
  return row
}
/** A builder row of a select with the stock columns. */
function withStock<T extends ProductRow & { stock: unknown; lowStockThreshold: unknown }>(row: T): ProductWithStock {
  return { ...row, stock: stockStates(row.stock), lowStockThreshold: Number(row.lowStockThreshold) }
}

/**
 * Only the products shoppers see, written as the partial index `products_shop_available_idx` states it (not
 * as a parameter), so that the planner may count from that index alone in a prepared statement's plan too.
 */
const availableOnlyCondition = sql`${products.available}`

function scopedWhere(scope: ProductScope, parsed: Pick<ParsedQuery, 'where'>) {
  return and(
    eq(products.shopId, scope.shopId),
    scope.availableOnly ? availableOnlyCondition : undefined,
    scope.lowStockOnly ? lowStock : undefined,
    parsed.where,
  )
}

/**
 * Titles near a search that found nothing, best first: strict word similarity (`<<%`, whole words, 0.5)
 * forgives a misspelt word that the list's word similarity (`<%`, 0.6 over any part of a title) does not,
 * and the same trigram index serves it. A search of several words looks for titles near any of them, the
 * nearest to all first. Only run after a miss, so ordinary searches never pay for it.
 */
export async function nearTitles(db: Db, scope: ProductScope, text: string, limit: number): Promise<string[]> {
  const words = [...new Set(searchWords(text))].slice(0, MAX_SEARCH_WORDS)
  const terms = words.length > 1 ? words : [text]
  const rows = await db
    .select({ title: products.title })
    .from(products)
    .where(and(scopedWhere(scope, { where: undefined }), or(...terms.map((term) => sql`${term} <<% ${products.title}`))))
    .orderBy(sql`(${sql.join(terms.map((term) => sql`strict_word_similarity(${term}, ${products.title})`), sql` + `)}) desc`)
    .limit(limit)
  return rows.map((row) => row.title)
}

/** The page query of the product list; exported so bench/explain-search.ts explains exactly this SQL. */
export function productPageQuery(db: Db, scope: ProductScope, parsed: ParsedQuery) {
  return db
    .select(listColumns)
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
 * A title search's page with the total in the same statement (`count(*) over ()`): the search reads and
 * ranks every match anyway to sort by similarity, so a second count query would repeat the whole scan.
 */
export function productSearchQuery(db: Db, scope: ProductScope, parsed: ParsedQuery) {
  return db
    .select({ ...listColumns, total: sql<number>`count(*) over ()`.as('total') })
    .from(products)
    .where(scopedWhere(scope, parsed))
    .orderBy(...parsed.orderBy)
    .limit(parsed.limit)
    .offset(parsed.skip)
}

async function countProducts(db: Db, scope: ProductScope, parsed: ParsedQuery): Promise<number> {
  const [counted] = await productCountQuery(db, scope, parsed)
  return counted?.total ?? 0
}

/**
 * Planning a trigram search costs PostgreSQL more than running it in a shop of a thousand products; run on
 * the driver, a direct pool's connection prepares it by its text and plans it once (decision 121).
 */
async function searchProducts(db: Db, scope: ProductScope, parsed: ParsedQuery) {
  if (parsed.limit === 0) return { rows: [] as ListedProduct[], total: await countProducts(db, scope, parsed) }
  const { sql: text, params } = productSearchQuery(db, scope, parsed).toSQL()
  const found = await driverQuery(db)(text, params)
  const rows = found.map(readListed)
  // A page past the end has no row to carry the total; only then is it counted on its own.
  const total = found.length ? Number(found[0]!.total) : parsed.skip > 0 ? await countProducts(db, scope, parsed) : 0
  return { rows, total }
}

/**
 * The page and the total in one statement: the count is an uncorrelated subquery, run once (an index-only
 * scan of `products_shop_available_idx` for shoppers). A page that comes back empty carries no total, so only
 * then (past the end, or `$limit=0`) is it counted on its own.
 *
 * A first page (no `$skip`) has its page size written into the statement, one statement per size (at most
 * MAX_LIMIT + 1): with `limit $n` PostgreSQL cannot price a generic plan, so it plans every run afresh for
 * the values at hand, which costs it more than running the page; with the size written in, its generic plan
 * is as cheap and it plans once per connection (decision 122). Later pages keep the size and offset as
 * parameters.
 */
function prepareUnfilteredList(db: Db, availableOnly: boolean, parsed: ParsedQuery) {
  const where = and(eq(products.shopId, sql.placeholder('shop')), availableOnly ? availableOnlyCondition : undefined)
  const counted = db.select({ total: sql`count(*)::int`.as('total') }).from(products).where(where)
  const ordered = () =>
    db
      .select({ ...listColumns, total: sql<number>`(${counted})`.as('total') })
      .from(products)
      .where(where)
      .orderBy(...parsed.orderBy)
  const laterPage = preparedRows(db, ordered().limit(sql.placeholder('limit')).offset(sql.placeholder('skip')))
  const firstPages = new Map<number, typeof laterPage>()
  const firstPage = (limit: number) => {
    let page = firstPages.get(limit)
    if (!page) {
      const { sql: text, params } = ordered().toSQL()
      firstPages.set(limit, (page = preparedRows(db, { toSQL: () => ({ sql: `${text} limit ${limit}`, params }) })))
    }
    return page
  }
  const count = preparedRows<{ total: number }>(db, counted)
  return async (values: { shop: string; limit: number; skip: number }) => {
    const found = await (values.skip === 0 ? firstPage(values.limit)(values) : laterPage(values))
    if (found.length) return { rows: found.map(readListed), total: Number(found[0]!.total) }
    return { rows: [], total: values.skip > 0 || values.limit === 0 ? (await count(values))[0]!.total : 0 }
  }
}

type UnfilteredList = ReturnType<typeof prepareUnfilteredList>
const unfilteredLists = new WeakMap<Db, Map<string, UnfilteredList>>()

/**
 * The list every storefront opens first (a shop's products, no filter, one of a few orderings), built
 * once per database and ordering as prepared statements: no query building per request, and PostgreSQL
 * parses and plans each once per connection.
 */
function unfilteredList(db: Db, availableOnly: boolean, parsed: ParsedQuery & { sortKey: string }): UnfilteredList {
  let lists = unfilteredLists.get(db)
  if (!lists) unfilteredLists.set(db, (lists = new Map()))
  // Bounded: sortKey only names whitelisted sortable fields and directions.
  const key = `${availableOnly ? 'available' : 'all'} ${parsed.sortKey}`
  let list = lists.get(key)
  if (!list) lists.set(key, (list = prepareUnfilteredList(db, availableOnly, parsed)))
  return list
}

/** One page of products and the total; `search` says the filter holds a title `$q`. */
export async function listProducts(
  db: Db,
  scope: ProductScope,
  parsed: ParsedQuery,
  search: boolean,
): Promise<{ rows: ListedProduct[]; total: number }> {
  if (search) return searchProducts(db, scope, parsed)
  if (parsed.where === undefined && parsed.sortKey !== null && !scope.lowStockOnly) {
    return unfilteredList(db, scope.availableOnly, { ...parsed, sortKey: parsed.sortKey })({ shop: scope.shopId, limit: parsed.limit, skip: parsed.skip })
  }
  // Without a search the page stops early on the (shop, sort) index, so the total is a separate, cheap
  // count; outside a transaction the two may run on two pooled connections at once.
  const [rows, total] = await Promise.all([
    parsed.limit > 0 ? productPageQuery(db, scope, parsed).then((found) => found.map((row) => ({ ...withStock(row), rating: readRating(row.rating) }))) : Promise.resolve([]),
    countProducts(db, scope, parsed),
  ])
  return { rows, total }
}

export async function findProduct(db: Db, id: string): Promise<ProductRow | null> {
  const [row] = await db.select().from(products).where(eq(products.id, id)).limit(1)
  return row ?? null
}

/** The product with its stock rows and its shop's threshold, in one statement. */
export async function findProductWithStock(db: Db, id: string): Promise<ProductWithStock | null> {
  const [row] = await db.select(withStockColumns).from(products).where(eq(products.id, id)).limit(1)
  return row ? withStock(row) : null
}

/** Products of the shop among `ids`, with their stock (a page of a cart, an import, a bulk change). */
export async function findShopProductsWithStock(db: Db, shopId: string, ids: string[]): Promise<ProductWithStock[]> {
  if (ids.length === 0) return []
  const rows = await db
    .select(withStockColumns)
    .from(products)
    .where(and(eq(products.shopId, shopId), inArray(products.id, ids)))
  return rows.map(withStock)
}

/**
 * `findShopProductsWithStock`, the product rows locked until the transaction ends, in id order. Lock the
 * products' inventory rows first (inventory.repository `lockProductsInventory`): the order every writer of
 * stock takes its locks in.
 */
export async function lockShopProductsWithStock(tx: Db, shopId: string, ids: string[]): Promise<ProductWithStock[]> {
  if (ids.length === 0) return []
  const rows = await tx
    .select(withStockColumns)
    .from(products)
    .where(and(eq(products.shopId, shopId), sql`${products.id} = any(${sql.param(ids)}::uuid[])`))
    .orderBy(products.id)
    .for('update')
  return rows.map(withStock)
}

/**
 * Which of `skus` (lower case) a variant of another product of the shop already uses, compared without
 * case. `except`: the products being written, whose own variants the caller checks.
 */
/** The unique index that holds each SKU once in a shop (decision 96; the trigger fills product_skus). */
export const SKU_UNIQUE_INDEX = 'product_skus_shop_sku_key'

/** The SKU (lower case) a unique violation on `SKU_UNIQUE_INDEX` names, from PostgreSQL's detail; null if not found. */
export function violatedSku(error: unknown): string | null {
  const e = ((error as { cause?: unknown } | null | undefined)?.cause ?? error) as { detail?: string } | null | undefined
  return /\(shop_id, sku\)=\([^,]+, (.*)\) already exists/.exec(e?.detail ?? '')?.[1] ?? null
}

export async function takenVariantSkus(db: Db, shopId: string, except: string | null | string[], skus: string[]): Promise<Set<string>> {
  if (skus.length === 0) return new Set()
  const exceptIds = except === null ? [] : Array.isArray(except) ? except : [except]
  const rows = await queryRows<{ sku: string }>(db, sql`
    select distinct lower(v->>'sku') as sku
    from ${products} p cross join lateral jsonb_array_elements(p.variants) v
    where p.shop_id = ${shopId} and not (p.id = any(${sql.param(exceptIds)}::uuid[]))
      and lower(v->>'sku') = any(${sql.param(skus)}::text[])`)
  return new Set(rows.map((row) => row.sku))
}

/**
 * Serializes a shop's product imports: until the transaction ends, another transaction asking for the same
 * shop's lock gets false. A transaction's lock, so it stays on one server connection behind a pooler in
 * transaction mode too, and goes with the transaction however that ends.
 */
export async function tryLockProductImport(tx: Db, shopId: string): Promise<boolean> {
  const [row] = await queryRows<{ locked: boolean }>(tx, sql`select pg_try_advisory_xact_lock(hashtextextended(${`product-import:${shopId}`}, 0)) as locked`)
  return row?.locked === true
}

/** A product as an import writes it: every field the file gives, the variants with their ids. */
export type ImportedProduct = {
  id: string
  title: string
  description: string
  priceMinor: number
  sellAtMinor: number
  available: boolean
  categoryIds: string[]
  variants: Variant[]
}

/** The product fields of an import as one jsonb parameter, read back with `importedColumns`. */
const importedRows = (rows: (ImportedProduct & { inStock?: boolean })[]) =>
  JSON.stringify(
    rows.map((row, ord) => ({
      ord,
      in_stock: row.inStock,
      id: row.id,
      title: row.title,
      description: row.description,
      price_minor: row.priceMinor,
      sell_at_minor: row.sellAtMinor,
      available: row.available,
      category_ids: row.categoryIds,
      variants: row.variants,
    })),
  )
const importedColumns = sql.raw(
  'r(ord integer, in_stock boolean, id uuid, title text, description text, price_minor integer, sell_at_minor integer, available boolean, category_ids uuid[], variants jsonb)',
)

/**
 * Inserts an import's new products in one statement, with the ids and in-stock flags given. Each is
 * created a microsecond after the one before it, so lists sorted by creation keep the file's order.
 */
export async function insertImportedProducts(
  tx: Db,
  shopId: string,
  currency: string,
  createdAt: Date,
  rows: (ImportedProduct & { inStock: boolean })[],
): Promise<void> {
  if (rows.length === 0) return
  await tx.execute(sql`
    insert into ${products} (id, shop_id, title, description, price_minor, currency, sell_at_minor, available, category_ids, variants, in_stock, created_at, updated_at)
    select r.id, ${shopId}::uuid, r.title, r.description, r.price_minor, ${currency}, r.sell_at_minor, r.available, r.category_ids, r.variants, r.in_stock,
           ${createdAt.toISOString()}::timestamptz + r.ord * interval '1 microsecond', ${createdAt.toISOString()}::timestamptz
    from jsonb_to_recordset(${importedRows(rows)}::jsonb) as ${importedColumns}
    order by r.ord`)
}

/**
 * Replaces every field an import gives of the shop's products `rows` name, in one statement (images stay).
 * A product the file leaves as it was is not written: its `updated_at` (the sitemap's lastmod) stays, and
 * a file sent back unchanged, as staff do after an export, writes only what they edited.
 */
export async function updateImportedProducts(tx: Db, shopId: string, currency: string, rows: ImportedProduct[]): Promise<void> {
  if (rows.length === 0) return
  await tx.execute(sql`
    update ${products} as p
    set title = r.title, description = r.description, price_minor = r.price_minor, currency = ${currency},
        sell_at_minor = r.sell_at_minor, available = r.available, category_ids = r.category_ids, variants = r.variants, updated_at = now()
    from jsonb_to_recordset(${importedRows(rows)}::jsonb) as ${importedColumns}
    where p.shop_id = ${shopId}::uuid and p.id = r.id
      and (p.title, p.description, p.price_minor, p.currency, p.sell_at_minor, p.available, p.category_ids, p.variants)
        is distinct from (r.title, r.description, r.price_minor, ${currency}, r.sell_at_minor, r.available, r.category_ids, r.variants)`)
}

/** Sets `in_stock` of the shop's products where it changed, in one statement. */
export async function setProductsInStock(tx: Db, shopId: string, changes: { id: string; inStock: boolean }[]): Promise<void> {
  if (changes.length === 0) return
  await tx.execute(sql`
    update ${products} as p
    set in_stock = r.in_stock, updated_at = now()
    from jsonb_to_recordset(${JSON.stringify(changes.map((change) => ({ id: change.id, in_stock: change.inStock })))}::jsonb) as r(id uuid, in_stock boolean)
    where p.shop_id = ${shopId}::uuid and p.id = r.id and p.in_stock <> r.in_stock`)
}

/** Shows or hides the shop's products among `ids`; answers the ids it changed. */
export async function setProductsAvailable(db: Db, shopId: string, ids: string[], available: boolean): Promise<string[]> {
  const rows = await db
    .update(products)
    .set({ available, updatedAt: sql`now()` })
    .where(and(eq(products.shopId, shopId), inArray(products.id, ids)))
    .returning({ id: products.id })
  return rows.map((row) => row.id)
}

/**
 * Where a page of the export ends: the last product's creation time as the database keeps it, to the
 * microsecond, and its id. A Date would cut the time to the millisecond: products created within that
 * millisecond but after it would come again on every page, and the export would never end.
 */
export type ExportCursor = { createdAt: string; id: string }

/** Every product of the shop with its stock, oldest first (the CSV export), `batch` at a time after `after`. */
export async function shopProductsWithStock(db: Db, shopId: string, after: ExportCursor | null, batch: number) {
  const found = await db
    .select({ ...withStockColumns, cursor: sql<string>`${products.createdAt}::text`.as('cursor') })
    .from(products)
    .where(
      and(
        eq(products.shopId, shopId),
        after ? sql`(${products.createdAt}, ${products.id}) > (${after.createdAt}::timestamptz, ${after.id}::uuid)` : undefined,
      ),
    )
    .orderBy(products.createdAt, products.id)
    .limit(batch)
  const last = found.at(-1)
  return { rows: found.map(({ cursor: _, ...row }) => withStock(row)), next: last ? { createdAt: last.cursor, id: last.id } : null }
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

/** The shop's visible products in `products_shop_created_idx` order, after `after` (keyset paging). */
const visibleAfter = (shopId: string, after: ExportCursor | null) =>
  and(
    eq(products.shopId, shopId),
    availableOnlyCondition,
    after ? sql`(${products.createdAt}, ${products.id}) > (${after.createdAt}::timestamptz, ${after.id}::uuid)` : undefined,
  )
const keysetCursor = sql<string>`${products.createdAt}::text`

/** A page of rows read with `keysetCursor` as `cursor`: the rows without it, and where the next page starts. */
function keysetPage<R extends { id: string; cursor: string }>(found: R[]): { rows: Omit<R, 'cursor'>[]; next: ExportCursor | null } {
  const last = found.at(-1)
  return { rows: found.map(({ cursor: _, ...row }) => row), next: last ? { createdAt: last.cursor, id: last.id } : null }
}

/**
 * The shop's visible products with their stock, oldest first, `batch` at a time after `after` (the catalog
 * feed): `products_shop_created_idx` in order, the hidden ones left out.
 */
export async function visibleProductsWithStock(db: Db, shopId: string, after: ExportCursor | null, batch: number) {
  const found = await db
    .select({ ...withStockColumns, cursor: keysetCursor.as('cursor') })
    .from(products)
    .where(visibleAfter(shopId, after))
    .orderBy(products.createdAt, products.id)
    .limit(batch)
  const page = keysetPage(found)
  return { rows: page.rows.map(withStock), next: page.next }
}

/** The shop's visible products' ids, titles and last changes, oldest first, `batch` at a time (the sitemap). */
export async function visibleProductDates(db: Db, shopId: string, after: ExportCursor | null, batch: number) {
  const found = await db
    .select({ id: products.id, title: products.title, updatedAt: products.updatedAt, cursor: keysetCursor })
    .from(products)
    .where(visibleAfter(shopId, after))
    .orderBy(products.createdAt, products.id)
    .limit(batch)
  return keysetPage(found)
}

/** How many visible products the shop has (an index-only count on `products_shop_available_idx`). */
export async function countVisibleProducts(db: Db, shopId: string): Promise<number> {
  const [row] = await db.select({ total: count() }).from(products).where(and(eq(products.shopId, shopId), availableOnlyCondition))
  return Number(row?.total ?? 0)
}

/** Where keyset paging resumes to skip the first `skip` visible products: after the one before them (null: from the start). */
export async function visibleProductCursorAt(db: Db, shopId: string, skip: number): Promise<ExportCursor | null> {
  if (skip <= 0) return null
  const [row] = await db
    .select({ id: products.id, cursor: keysetCursor })
    .from(products)
    .where(visibleAfter(shopId, null))
    .orderBy(products.createdAt, products.id)
    .offset(skip - 1)
    .limit(1)
  return row ? { createdAt: row.cursor, id: row.id } : null
}
