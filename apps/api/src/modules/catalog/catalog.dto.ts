/** Row → response mappers for the catalog. Only the fields listed here ever reach a client. */
import { toMajor } from '@shop/domain'
import type { categories, inventory, products } from '../../db/schema'
import type { CategoryDto, InventoryDto, ProductDto } from './catalog.schemas'

export type ProductRow = typeof products.$inferSelect
export type CategoryRow = typeof categories.$inferSelect
export type InventoryRow = typeof inventory.$inferSelect

export function productDto(row: ProductRow): ProductDto {
  return {
    _id: row.id,
    shop: row.shopId,
    title: row.title,
    description: row.description,
    price: { value: toMajor(row.priceMinor), currency: row.currency },
    sellAt: toMajor(row.sellAtMinor),
    images: row.images.map((image) => ({ url: image.url, thumbnail: image.thumbnail, alt: image.alt ?? '' })),
    variants: row.variants.map((variant) => ({ _id: variant._id, features: { ...variant.features } })),
    categories: [...row.categoryIds],
    available: row.available,
    inStock: row.inStock,
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
