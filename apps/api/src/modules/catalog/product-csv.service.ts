/**
 * Products as CSV: the export (staff) and the import. An import is checked whole, then written in one
 * transaction of a few set-based statements however many rows the file has (docs/decisions/0051): on
 * PGlite every request shares one connection, so a statement per row would hold up every shop for the
 * whole file. One import of a shop runs at a time, a second one meanwhile is a 409; a dry run answers
 * what the import would do, with each row's problems, and writes nothing.
 */
import { randomUUID } from 'node:crypto'
import { setImmediate as nextTurn } from 'node:timers/promises'
import { isInStock, toMajor, toMinor } from '@shop/domain'
import { type ServiceContext, inTransaction } from '../../context'
import type { Db } from '../../db/client'
import { BadRequest, Conflict, type FieldError, HttpError, NotFound } from '../../lib/errors'
import { findShop } from '../shops/shop.service'
import type { ProductImportResult, ProductImportRow } from './catalog.schemas'
import { ensureCategories, shopCategoryNames } from './category.repository'
import {
  type StockRow,
  deleteInventoryOfOtherVariants,
  insertTrackedQuantities,
  inventoryStatesOfProducts,
  lockProductsInventory,
  setTrackedQuantities,
} from './inventory.repository'
import { type ProductUpdate, importChanges } from './product-import-changes'
import { CSV_COLUMNS, type CsvProduct, CsvFileError, productCsv, readProductCsv } from './product-csv'
import {
  type ExportCursor,
  type ImportedProduct,
  findShopProductsWithStock,
  insertImportedProducts,
  lockShopProductsWithStock,
  setProductsInStock,
  shopProductsWithStock,
  takenVariantSkus,
  tryLockProductImport,
  updateImportedProducts,
} from './product.repository'
import { resolveVariants, rethrowSkuTaken } from './product.service'
import { sendStockAlerts } from './stock-alert.service'
import type { ProductWithStock } from './catalog.dto'
import type { Variant } from '../../db/schema'

const EXPORT_BATCH = 500
/** Enough to fix a file by; the dry run lists every row's problems. */
const MAX_REPORTED_ERRORS = 200
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

export async function exportProducts(ctx: ServiceContext, shopId: string): Promise<string> {
  await ctx.actor.authorize(shopId, 'dashboard.view')
  const rows: ProductWithStock[] = []
  for (let after: ExportCursor | null = null; ; ) {
    const page = await shopProductsWithStock(ctx.db, shopId, after, EXPORT_BATCH)
    rows.push(...page.rows)
    if (page.rows.length < EXPORT_BATCH) break
    after = page.next
    // PGlite answers without giving the event loop a turn: between two pages, other requests go first.
    await nextTurn()
  }
  return productCsv(rows, await shopCategoryNames(ctx.db, shopId), toMajor)
}

const variantText = (features: Record<string, string> | null) =>
  features ? Object.entries(features).map(([name, value]) => `${name}: ${value}`).join(' · ') : ''

/** The products of the file that name an id (a malformed id already has its error). */
const fileProductIds = (groups: CsvProduct[]) => groups.flatMap((group) => (group.productId && UUID.test(group.productId) ? [group.productId] : []))

/** Checks the file's products against the shop's: ids of its products, ids of their variants. */
function checkAgainstShop(groups: CsvProduct[], existing: Map<string, ProductWithStock>) {
  for (const group of groups) {
    if (!group.productId || !UUID.test(group.productId)) continue
    const product = existing.get(group.productId)
    if (!product) {
      group.rows[0]!.errors.push({ column: 'product_id', message: 'is not a product of this shop' })
      continue
    }
    const variantIds = new Set(product.variants.map((variant) => variant._id))
    for (const row of group.rows) {
      if (row.variantId && !variantIds.has(row.variantId)) row.errors.push({ column: 'variant_id', message: 'is not a variant of this product' })
    }
  }
}

const columnOrder = (column: string) => (CSV_COLUMNS as readonly string[]).indexOf(column)

function resultRows(groups: CsvProduct[]): ProductImportRow[] {
  return groups
    .flatMap((group) =>
      group.rows.map((row) => ({
        line: row.line,
        action: group.productId ? ('update' as const) : ('create' as const),
        product: group.productId,
        title: group.rows[0]!.title,
        variant: variantText(row.features),
        price: group.rows[0]!.price,
        stock: row.stock,
        errors: [...row.errors].sort((a, b) => columnOrder(a.column) - columnOrder(b.column)),
      })),
    )
    .sort((a, b) => a.line - b.line)
}

function importResult(groups: CsvProduct[], dryRun: boolean): ProductImportResult {
  const rows = resultRows(groups)
  const created = groups.filter((group) => !group.productId).length
  return { dryRun, valid: rows.every((row) => row.errors.length === 0), created, updated: groups.length - created, rows }
}

function rowErrors(rows: ProductImportRow[]): HttpError {
  const errors: FieldError[] = rows.flatMap((row) => row.errors.map((e) => ({ path: `rows.${row.line}.${e.column}`, message: e.message })))
  const lines = rows.filter((row) => row.errors.length).length
  return BadRequest(`${lines === 1 ? '1 row has' : `${lines} rows have`} problems; nothing was imported`, errors.slice(0, MAX_REPORTED_ERRORS))
}

/** A field error of a product rule, placed on the product's first line. */
function onLine(line: number, error: unknown): never {
  if (error instanceof HttpError && error.code === 400) {
    const errors = error.errors?.length ? error.errors : [{ path: 'row', message: error.message }]
    throw BadRequest(`Line ${line}: ${errors[0]!.path} ${errors[0]!.message}; nothing was imported`, errors.map((e) => ({ path: `rows.${line}.${e.path}`, message: e.message })))
  }
  throw error
}

/**
 * The product's variants as the file gives them: ids kept, matched by features to the product's, or new;
 * with their own price, sale price and SKU from the file (as stored where the file has no such column) and
 * their picture as stored (a file carries none).
 */
function variantsOf(group: CsvProduct, existing: Map<string, ProductWithStock>): Variant[] {
  const rows = group.rows.filter((row) => row.features)
  const input = rows.map((row) => ({ ...(row.variantId ? { _id: row.variantId } : {}), features: row.features! }))
  const stored = group.productId ? existing.get(group.productId)!.variants : []
  let variants: Variant[]
  try {
    variants = resolveVariants(input, stored)
  } catch (error) {
    return onLine(group.rows[0]!.line, error)
  }
  const before = new Map(stored.map((variant) => [variant._id, variant]))
  return variants.map((variant, i) => {
    const { own } = rows[i]!
    const old = before.get(variant._id)
    const priceMinor = own.price === undefined ? old?.priceMinor : own.price === null ? undefined : toMinor(own.price)
    const sellAtMinor = own.salePrice === undefined ? old?.sellAtMinor : own.salePrice === null ? undefined : toMinor(own.salePrice)
    const sku = own.sku === undefined ? old?.sku : (own.sku ?? undefined)
    return {
      ...variant,
      ...(priceMinor !== undefined ? { priceMinor } : {}),
      ...(sellAtMinor !== undefined ? { sellAtMinor } : {}),
      ...(sku ? { sku } : {}),
      ...(old?.image ? { image: old.image } : {}),
    }
  })
}

/** SKUs of the file that a product of the shop outside the file already uses (docs/decisions/0075). */
async function checkSkusAgainstShop(db: Db, shopId: string, groups: CsvProduct[]): Promise<void> {
  const rows = groups.flatMap((group) => group.rows).filter((row) => row.features && row.own.sku)
  const taken = await takenVariantSkus(db, shopId, fileProductIds(groups), rows.map((row) => row.own.sku!.toLowerCase()))
  for (const row of rows) {
    if (taken.has(row.own.sku!.toLowerCase())) row.errors.push({ column: 'sku', message: 'is the SKU of a product of this shop not in the file' })
  }
}

/**
 * Writes checked products as the dashboard's forms would (the same fields, variant ids kept or matched by
 * their features, stock set, `inStock` following it), a statement for each kind of change, and of the
 * products the file updates only what it changes (product-import-changes.ts). Answers the ids of the
 * updated products whose stock changed.
 */
async function writeProducts(tx: Db, shopId: string, currency: string, groups: CsvProduct[], existing: Map<string, ProductWithStock>, now: Date) {
  const categoryIds = await ensureCategories(tx, shopId, [...new Set(groups.flatMap((group) => group.rows[0]!.categories))])
  const created: (ImportedProduct & { inStock: boolean })[] = []
  const createdStock: StockRow[] = []
  const updates: ProductUpdate[] = []
  for (const group of groups) {
    const first = group.rows[0]!
    const variants = variantsOf(group, existing)
    const product: ImportedProduct = {
      id: group.productId ?? randomUUID(),
      title: first.title,
      description: first.description,
      priceMinor: toMinor(first.price!),
      sellAtMinor: toMinor(first.salePrice),
      available: first.published,
      categoryIds: [...new Set(first.categories.map((name) => categoryIds.get(name)!))],
      variants,
    }
    // The variants come back in the order they were given, with the ids they were given or new ones.
    const stock = group.rows.flatMap((row, index) =>
      row.stock === null ? [] : [{ productId: product.id, variantId: variants.length ? variants[index]!._id : '', quantity: row.stock }],
    )
    if (group.productId) {
      updates.push({ product, stock })
    } else {
      // A new product's stock rows are the file's and no others: its in-stock flag follows from them.
      created.push({ ...product, inStock: isInStock(stock.map((row) => ({ quantity: row.quantity, tracked: true }))) })
      createdStock.push(...stock)
    }
  }
  await insertImportedProducts(tx, shopId, currency, now, created)
  await insertTrackedQuantities(tx, shopId, createdStock)
  const changes = importChanges(updates, existing, currency)
  await updateImportedProducts(tx, shopId, currency, changes.fields)
  // Rows of removed variants go; a restocked product's flag follows the rows it has then, the file's and
  // those the file left as they were.
  await deleteInventoryOfOtherVariants(tx, shopId, changes.removedVariants)
  await setTrackedQuantities(tx, shopId, changes.stock)
  const states = new Map(changes.restocked.map((id) => [id, [] as { quantity: number; tracked: boolean }[]]))
  for (const state of await inventoryStatesOfProducts(tx, shopId, changes.restocked)) states.get(state.productId)!.push(state)
  await setProductsInStock(tx, shopId, [...states].map(([id, rows]) => ({ id, inStock: isInStock(rows) })))
  return changes.restocked
}

/** Another transaction holds the shop's import lock. */
function importRunning(): HttpError {
  return Conflict('Another import of this shop\'s products is running; try again when it has finished', [
    { path: 'shop', message: 'is importing products already' },
  ])
}

export async function importProducts(ctx: ServiceContext, shopId: string, text: string, dryRun: boolean): Promise<ProductImportResult> {
  await ctx.actor.authorize(shopId, 'catalog.edit')
  const shop = await findShop(ctx, shopId)
  if (!shop) throw NotFound('No such shop')
  let groups: CsvProduct[]
  try {
    groups = readProductCsv(text)
  } catch (error) {
    if (!(error instanceof CsvFileError)) throw error
    throw BadRequest(error.message, error.errors.length ? error.errors.map((e) => ({ path: `header.${e.column}`, message: e.message })) : [{ path: 'body', message: error.message }])
  }
  const ids = fileProductIds(groups)
  if (dryRun) {
    const existing = new Map<string, ProductWithStock>()
    for (let i = 0; i < ids.length; i += 500) {
      if (i > 0) await nextTurn()
      for (const row of await findShopProductsWithStock(ctx.db, shopId, ids.slice(i, i + 500))) existing.set(row.id, row)
    }
    checkAgainstShop(groups, existing)
    await checkSkusAgainstShop(ctx.db, shopId, groups)
    return importResult(groups, true)
  }
  // Requests that came in while the file was read go before the transaction, which on PGlite holds the
  // process's one connection (and, answering without a turn of the event loop, the process) until it ends.
  await nextTurn()
  // One transaction: on PostgreSQL a second import of the shop meanwhile, from any process, is refused by
  // its lock; PGlite runs one transaction at a time anyway.
  return inTransaction(ctx, async (tx) => {
    if (!(await tryLockProductImport(tx.db, shopId))) throw importRunning()
    // Checked against the shop under the locks the write needs, so nothing changes in between.
    await lockProductsInventory(tx.db, shopId, ids)
    const existing = new Map((await lockShopProductsWithStock(tx.db, shopId, ids)).map((row) => [row.id, row]))
    checkAgainstShop(groups, existing)
    await checkSkusAgainstShop(tx.db, shopId, groups)
    const result = importResult(groups, false)
    if (!result.valid) throw rowErrors(result.rows)
    const restocked = await writeProducts(tx.db, shopId, shop.currency, groups, existing, ctx.clock.now())
    // Products the file restocked send the alerts of shoppers waiting for them (new ones have none).
    await sendStockAlerts(tx, shopId, restocked)
    return result
  }).catch((error: unknown) => rethrowSkuTaken(error))
}
