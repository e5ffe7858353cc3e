/**
 * A product's rating from its visible reviews (decision 81). Reviews are their own module; the catalog
 * reads only this aggregate of their table, as it reads stock from inventory.
 */
import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { reviews } from '../../db/schema'

export type ProductRating = { average: number; count: number }

/**
 * The same figures as a column of a statement on products (`[average, count]`, the count 0 without a visible
 * review), read by `readRating`: a list reads each product's rating in its own statement, with no second
 * round trip. The outer row's columns are qualified, as in a subquery they must be.
 */
export const ratingColumn = sql<unknown>`(select json_build_array(round(avg(r.rating), 1)::float8, count(*)::int) from ${reviews} r where r.shop_id = "products"."shop_id" and r.product_id = "products"."id" and not r.hidden)`.as('rating')

/** A `ratingColumn` value (parsed by the driver or still text): the rating, or null without a visible review. */
export function readRating(raw: unknown): ProductRating | null {
  const [average, count] = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [number | null, number]
  return Number(count) > 0 ? { average: Number(average), count: Number(count) } : null
}

/**
 * The average (one decimal) and count of the visible reviews of each of the shop's `productIds` that has
 * any: one grouped statement on the (shop, product) index of visible reviews, so a page of products costs
 * one indexed read.
 */
export async function productRatings(db: Db, shopId: string, productIds: string[]): Promise<Map<string, ProductRating>> {
  if (productIds.length === 0) return new Map()
  const rows = await db
    .select({
      productId: reviews.productId,
      average: sql<number>`round(avg(${reviews.rating}), 1)::float8`,
      count: sql<number>`count(*)::int`,
    })
    .from(reviews)
    .where(and(eq(reviews.shopId, shopId), sql`${reviews.productId} = any(${sql.param(productIds)}::uuid[])`, sql`not ${reviews.hidden}`))
    .groupBy(reviews.productId)
  return new Map(rows.map((row) => [row.productId!, { average: Number(row.average), count: Number(row.count) }]))
}

