/**
 * A cart's lines against the stock, before the order is placed: the checkout page asks whenever its lines
 * change, so a shopper learns that a size sold out or that fewer are left before "Place order", which
 * stays the authority (it refuses what is not there, under a lock).
 */
import { availability } from '@shop/domain'
import type { ServiceContext } from '../../context'
import type { ProductWithStock } from './catalog.dto'
import type { StockCheck, StockCheckInput } from './catalog.schemas'
import { findShopProductsWithStock } from './product.repository'

const SOLD_OUT = { level: 'sold-out', left: 0 } as const

function checkLine(product: ProductWithStock | undefined, variant: string | null, count: number) {
  const sells =
    product?.available === true &&
    (product.variants.length ? product.variants.some((option) => option._id === variant) : variant === null)
  if (!product || !sells) return { availability: SOLD_OUT, enough: false, gone: true }
  const row = product.stock.find((state) => state.variantId === (variant ?? ''))
  const shown = availability(row, product.lowStockThreshold)
  if (!row?.tracked || count <= row.quantity) return { availability: shown, enough: true, gone: false }
  // Asked for more than there is: the count is what placing the order would answer anyway.
  const left = Math.max(0, row.quantity)
  return { availability: { level: left === 0 ? 'sold-out' : shown.level, left } as const, enough: false, gone: false }
}

/** Public, like the product list: it tells nobody more than the order would. */
export async function checkStock(ctx: ServiceContext, input: StockCheckInput): Promise<StockCheck> {
  const ids = [...new Set(input.items.map((item) => item.product))]
  const products = new Map((await findShopProductsWithStock(ctx.db, input.shop, ids)).map((row) => [row.id, row]))
  return {
    items: input.items.map((item) => {
      const variant = item.variant ?? null
      return { product: item.product, variant, count: item.count, ...checkLine(products.get(item.product), variant, item.count) }
    }),
  }
}
