/**
 * Inventory per (product, variant) and the product's `inStock` flag that follows it.
 *
 * Lock order, shared with every other writer of stock (orders): a product's inventory rows first (in
 * primary-key order), then the product row. Keeping one order means concurrent writers wait, never deadlock.
 */
import { isInStock } from '@shop/domain'
import { type ServiceContext, inTransaction } from '../../context'
import { BadRequest, NotFound } from '../../lib/errors'
import { type Page, parseQuery } from '../../lib/feathers-query'
import { type InventoryRow, type ProductRow, inventoryDto } from './catalog.dto'
import type { InventoryDto, InventoryUpsertInput } from './catalog.schemas'
import { inventoryQuerySpec, inventoryStates, listInventory, upsertInventory } from './inventory.repository'
import { findProduct, findProductForUpdate, setProductInStock } from './product.repository'
import { sendStockAlerts } from './stock-alert.service'


/** The variant ids a product's inventory rows may use: its variants' ids, or '' when it has none. */
export function inventoryVariantIds(product: Pick<ProductRow, 'variants'>): string[] {
  return product.variants.length ? product.variants.map((variant) => variant._id) : ['']
}

/**
 * Recomputes `products.in_stock` from the inventory rows. Call inside the transaction that changed the
 * rows (or the variants), after those changes. Locks the product row, then reads the rows: under READ
 * COMMITTED the read sees every writer that committed before the lock was granted, so the last one to
 * commit always writes the right value. Sends the alerts of shoppers waiting for a variant now in stock.
 */
export async function refreshInStock(ctx: ServiceContext, productId: string): Promise<boolean | null> {
  const tx = ctx.db
  const product = await findProductForUpdate(tx, productId)
  if (!product) return null
  const inStock = isInStock(await inventoryStates(tx, product.shopId, product.id))
  if (inStock !== product.inStock) await setProductInStock(tx, product.id, inStock)
  // Every stock change but the CSV import ends here, in its transaction: a variant back in stock sends its alerts.
  if (inStock) await sendStockAlerts(ctx, product.shopId, [product.id])
  return inStock
}

function isForeignKeyViolation(error: unknown): boolean {
  const e = (error as { cause?: unknown } | null | undefined)?.cause ?? error
  return (e as { code?: string } | null | undefined)?.code === '23503'
}

/** The product, for staff only: 401 anonymous, then 404 missing (authorize answers 404 for other shops). */
async function productOf(ctx: ServiceContext, productId: string): Promise<ProductRow> {
  ctx.actor.requireUser()
  const product = await findProduct(ctx.db, productId)
  if (!product) throw NotFound('No such product')
  return product
}

/** The variant id stored for a request's `variant`, checked against the product's variants. */
function storedVariantId(product: ProductRow, variant: string | null | undefined): string {
  const id = variant ?? ''
  if (!inventoryVariantIds(product).includes(id)) {
    const message = product.variants.length ? 'must be one of the product\'s variants' : 'must be empty: the product has no variants'
    throw BadRequest(`Invalid body: variant ${message}`, [{ path: 'variant', message }])
  }
  return id
}

export async function listProductInventory(
  ctx: ServiceContext,
  productId: string,
  query: Record<string, unknown>,
): Promise<Page<InventoryDto>> {
  const parsed = parseQuery(inventoryQuerySpec, query)
  const product = await productOf(ctx, productId)
  await ctx.actor.authorize(product.shopId, 'dashboard.view')
  const { rows, total } = await listInventory(ctx.db, product.shopId, product.id, parsed)
  return { total, limit: parsed.limit, skip: parsed.skip, data: rows.map(inventoryDto) }
}

export async function setInventory(ctx: ServiceContext, input: InventoryUpsertInput): Promise<InventoryDto> {
  const product = await productOf(ctx, input.product)
  await ctx.actor.authorize(product.shopId, 'catalog.edit')
  const variantId = storedVariantId(product, input.variant)
  const row: InventoryRow = await inTransaction(ctx, async (tx) => {
    const saved = await upsertInventory(tx.db, {
      shopId: product.shopId,
      productId: product.id,
      variantId,
      quantity: input.quantity,
      tracked: input.tracked,
    })
    // Re-check under the product lock: a concurrent edit may have removed the variant or the product.
    const current = await findProductForUpdate(tx.db, product.id)
    if (!current) throw NotFound('No such product')
    storedVariantId(current, input.variant)
    await refreshInStock(tx, product.id)
    return saved
  }).catch((error: unknown) => {
    // The product was deleted between the check and the insert.
    if (isForeignKeyViolation(error)) throw NotFound('No such product')
    throw error
  })
  return inventoryDto(row)
}
