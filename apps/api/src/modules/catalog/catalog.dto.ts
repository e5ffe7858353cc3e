/** Row → response mappers for the catalog. Only the fields listed here ever reach a client. */
import { type Availability, availability, bestAvailability, toMajor } from '@shop/domain'
import type { categories, inventory, products } from '../../db/schema'
import { imageFields } from '../../lib/image-ref'
import type { CategoryDto, InventoryDto, ProductDto } from './catalog.schemas'

export type ProductRow = typeof products.$inferSelect
export type CategoryRow = typeof categories.$inferSelect
export type InventoryRow = typeof inventory.$inferSelect
/** One inventory row as a product's stock is read with it; variant '' for a product without variants. */
export type StockState = { variantId: string; quantity: number; tracked: boolean }
export type ProductWithStock = ProductRow & { stock: StockState[]; lowStockThreshold: number }

/**
 * Each variant's availability (the product's own without variants) and the product's: without variants
 * its own row's, with them the best-stocked variant's. Exact counts only where `availability` gives them.
 */
export function availabilities(row: ProductWithStock): { product: Availability; variants: Map<string, Availability> } {
  const rows = new Map(row.stock.map((state) => [state.variantId, state]))
  const of = (variantId: string) => availability(rows.get(variantId), row.lowStockThreshold)
  if (row.variants.length === 0) return { product: of(''), variants: new Map() }
  const variants = new Map(row.variants.map((variant) => [variant._id, of(variant._id)]))
  return { product: bestAvailability([...variants.values()]), variants }
}

/** `staff`: the shop's staff also get the exact stock rows. */
export function productDto(row: ProductWithStock, staff = false): ProductDto {
  const stock = availabilities(row)
  return {
    _id: row.id,
    shop: row.shopId,
    title: row.title,
    description: row.description,
    price: { value: toMajor(row.priceMinor), currency: row.currency },
    sellAt: toMajor(row.sellAtMinor),
    images: row.images.map((image) => ({ ...imageFields(image), alt: image.alt ?? '' })),
    variants: row.variants.map((variant) => ({
      _id: variant._id,
      features: { ...variant.features },
      ...(variant.priceMinor !== undefined ? { price: { value: toMajor(variant.priceMinor), currency: row.currency } } : {}),
      ...(variant.sellAtMinor !== undefined ? { sellAt: toMajor(variant.sellAtMinor) } : {}),
      ...(variant.sku ? { sku: variant.sku } : {}),
      ...(variant.image ? { image: { ...imageFields(variant.image), alt: variant.image.alt ?? '' } } : {}),
      availability: stock.variants.get(variant._id)!,
    })),
    categories: [...row.categoryIds],
    available: row.available,
    inStock: row.inStock,
    availability: stock.product,
    ...(staff
      ? {
          stock: row.stock.map((state) => ({
            variant: state.variantId === '' ? null : state.variantId,
            quantity: state.quantity,
            tracked: state.tracked,
          })),
        }
      : {}),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

export function categoryDto(row: CategoryRow): CategoryDto {
  return { _id: row.id, shop: row.shopId, name: row.name, createdAt: row.createdAt.toISOString() }
}

export function inventoryDto(row: InventoryRow): InventoryDto {
  return {
    _id: row.id,
    product: row.productId,
    variant: row.variantId === '' ? null : row.variantId,
    quantity: row.quantity,
    tracked: row.tracked,
    updatedAt: row.updatedAt.toISOString(),
  }
}
