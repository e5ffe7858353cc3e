/**
 * Row values with sensible defaults and overrides. Tests that check reads write them straight into the
 * tables; the demo seed turns them into the inputs of the services that write them (seed/demo.ts), so
 * nothing here writes anything.
 */
import { randomUUID } from 'node:crypto'
import { endOfDay, isInStock, toMinor } from '@shop/domain'
import type { ImageRef, Variant, deliveryRates, discountCodes, inventory, products, shops } from '../db/schema'
import type { CatalogItem, Stock } from './catalog-data'

export type NewShop = typeof shops.$inferInsert
export type NewProduct = typeof products.$inferInsert
export type NewInventory = typeof inventory.$inferInsert
export type NewDeliveryRate = typeof deliveryRates.$inferInsert
export type NewDiscountCode = typeof discountCodes.$inferInsert

const DAY = 24 * 60 * 60 * 1000

export function productFactory(shopId: string, overrides: Partial<NewProduct> = {}): NewProduct & { id: string } {
  return {
    id: randomUUID(),
    shopId,
    title: 'Product',
    description: '',
    priceMinor: 10_000,
    currency: 'GHS',
    sellAtMinor: 0,
    images: [],
    variants: [],
    categoryIds: [],
    available: true,
    inStock: true,
    ...overrides,
  }
}

export function inventoryFactory(
  shopId: string,
  productId: string,
  variantId: string,
  stock: Stock,
  overrides: Partial<NewInventory> = {},
): NewInventory {
  const tracked = stock !== 'untracked'
  return { shopId, productId, variantId, quantity: tracked ? stock : 0, tracked, ...overrides }
}

export function oneYearFrom(now: Date): Date {
  const next = new Date(now)
  next.setUTCFullYear(now.getUTCFullYear() + 1)
  return next
}

export function deliveryRateFactory(shopId: string, overrides: Partial<NewDeliveryRate> = {}): NewDeliveryRate {
  return {
    shopId,
    name: 'Standard delivery',
    regions: ['GH-AA'],
    rateMinor: 2_000,
    currency: 'GHS',
    paymentOption: 'instant',
    estimatedDays: 2,
    active: true,
    ...overrides,
  }
}

export function discountCodeFactory(shopId: string, overrides: Partial<NewDiscountCode> = {}): NewDiscountCode {
  return {
    shopId,
    code: `CODE${randomUUID().slice(0, 6).toUpperCase()}`,
    type: 'percentage',
    value: 10,
    expiresAt: endOfDay(oneYearFrom(new Date()).toISOString().slice(0, 10))!,
    usageLimit: null,
    minSubtotalMinor: 0,
    active: true,
    ...overrides,
  }
}

/**
 * One catalog entry → its product row and inventory rows (one per variant, or variant '' without variants),
 * with `inStock` derived from those rows.
 */
export function catalogItemRows(
  shopId: string,
  item: CatalogItem,
  options: { categoryIds: string[]; images: ImageRef[]; now: Date; index?: number },
): { product: NewProduct & { id: string }; inventory: NewInventory[] } {
  const variants: Variant[] = (item.variants ?? []).map((v) => ({ _id: randomUUID(), features: v.features }))
  const productId = randomUUID()
  const rows = variants.length
    ? variants.map((v, i) => inventoryFactory(shopId, productId, v._id, item.variants![i]!.stock))
    : [inventoryFactory(shopId, productId, '', item.stock ?? 'untracked')]
  // A few hours' offset per item keeps products created "on the same day" in a stable order.
  const createdAt = new Date(options.now.getTime() - item.daysAgo * DAY - ((options.index ?? 0) % 12) * 3_600_000 - 60_000)
  const product = productFactory(shopId, {
    id: productId,
    title: item.title,
    description: item.description,
    priceMinor: toMinor(item.price),
    sellAtMinor: item.sellAt ? toMinor(item.sellAt) : 0,
    images: options.images,
    variants,
    categoryIds: options.categoryIds,
    available: item.available ?? true,
    inStock: isInStock(rows),
    createdAt,
    updatedAt: createdAt,
  })
  return { product, inventory: rows }
}
