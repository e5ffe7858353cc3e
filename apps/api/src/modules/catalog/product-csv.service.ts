/**
 * Products as CSV: the export (staff) and the import, checked whole before anything is written and then
 * written in one transaction through the same operations as the dashboard's forms, so an import obeys
 * every rule a form does. A dry run answers what the import would do, with each row's problems.
 */
import { toMajor } from '@shop/domain'
import { type ServiceContext, inTransaction } from '../../context'
import { BadRequest, type FieldError, HttpError, NotFound } from '../../lib/errors'
import { findShop } from '../shops/shop.service'
import type { ProductImportResult, ProductImportRow } from './catalog.schemas'
import { shopCategoryNames } from './category.repository'
import { createCategory } from './category.service'
import { setInventory } from './inventory.service'
import { CSV_COLUMNS, type CsvProduct, CsvFileError, productCsv, readProductCsv } from './product-csv'
import { type ExportCursor, findShopProductsWithStock, shopProductsWithStock } from './product.repository'
import { createProduct, patchProduct } from './product.service'
import type { ProductWithStock } from './catalog.dto'

const EXPORT_BATCH = 500
/** Enough to fix a file by; the dry run lists every row's problems. */
const MAX_REPORTED_ERRORS = 200

export async function exportProducts(ctx: ServiceContext, shopId: string): Promise<string> {
  await ctx.actor.authorize(shopId, 'dashboard.view')
  const rows: ProductWithStock[] = []
  for (let after: ExportCursor | null = null; ; ) {
    const page = await shopProductsWithStock(ctx.db, shopId, after, EXPORT_BATCH)
    rows.push(...page.rows)
    if (page.rows.length < EXPORT_BATCH) break
    after = page.next
  }
  return productCsv(rows, await shopCategoryNames(ctx.db, shopId), toMajor)
}

const variantText = (features: Record<string, string> | null) =>
  features ? Object.entries(features).map(([name, value]) => `${name}: ${value}`).join(' · ') : ''

/** Checks the file's products against the shop: ids of its products, ids of their variants. */
async function checkAgainstShop(ctx: ServiceContext, shopId: string, groups: CsvProduct[]) {
  const ids = groups.flatMap((group) => (group.productId ? [group.productId] : []))
  const existing = new Map<string, ProductWithStock>()
  for (let i = 0; i < ids.length; i += 500) {
    for (const row of await findShopProductsWithStock(ctx.db, shopId, ids.slice(i, i + 500))) existing.set(row.id, row)
  }
  for (const group of groups) {
    if (!group.productId) continue
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

/** A field error of a service, placed on the product's first line. */
function onLine(line: number, error: unknown): never {
  if (error instanceof HttpError && error.code === 400) {
    const errors = error.errors?.length ? error.errors : [{ path: 'row', message: error.message }]
    throw BadRequest(`Line ${line}: ${errors[0]!.path} ${errors[0]!.message}; nothing was imported`, errors.map((e) => ({ path: `rows.${line}.${e.path}`, message: e.message })))
  }
  throw error
}

async function writeProducts(ctx: ServiceContext, shopId: string, currency: string, groups: CsvProduct[]): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const categoryIds = new Map([...(await shopCategoryNames(tx.db, shopId))].map(([id, name]) => [name.toLowerCase(), id]))
    for (const name of new Set(groups.flatMap((group) => group.rows[0]!.categories))) {
      if (!categoryIds.has(name.toLowerCase())) categoryIds.set(name.toLowerCase(), (await createCategory(tx, { shop: shopId, name }))._id)
    }
    for (const group of groups) {
      const first = group.rows[0]!
      const fields = {
        title: first.title,
        description: first.description,
        price: { value: first.price!, currency },
        sellAt: first.salePrice,
        available: first.published,
        categories: [...new Set(first.categories.map((name) => categoryIds.get(name.toLowerCase())!))],
        variants: group.rows.flatMap((row) => (row.features ? [{ ...(row.variantId ? { _id: row.variantId } : {}), features: row.features }] : [])),
      }
      const product = await (group.productId ? patchProduct(tx, group.productId, fields) : createProduct(tx, { shop: shopId, ...fields })).catch(
        (error: unknown) => onLine(first.line, error),
      )
      // The variants come back in the order they were given, with the ids they were given or new ones.
      for (const [index, row] of group.rows.entries()) {
        if (row.stock === null) continue
        const variant = product.variants.length ? product.variants[index]!._id : null
        await setInventory(tx, { product: product._id, variant, quantity: row.stock, tracked: true }).catch((error: unknown) => onLine(row.line, error))
      }
    }
  })
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
  await checkAgainstShop(ctx, shopId, groups)
  const rows = resultRows(groups)
  const valid = rows.every((row) => row.errors.length === 0)
  const created = groups.filter((group) => !group.productId).length
  const result = { dryRun, valid, created, updated: groups.length - created, rows }
  if (!valid && !dryRun) {
    const errors: FieldError[] = rows.flatMap((row) => row.errors.map((e) => ({ path: `rows.${row.line}.${e.column}`, message: e.message })))
    const lines = rows.filter((row) => row.errors.length).length
    throw BadRequest(`${lines === 1 ? '1 row has' : `${lines} rows have`} problems; nothing was imported`, errors.slice(0, MAX_REPORTED_ERRORS))
  }
  if (!dryRun) await writeProducts(ctx, shopId, shop.currency, groups)
  return result
}
