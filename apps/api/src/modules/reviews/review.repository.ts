/** The only SQL for reviews. Every list names the shop; single rows are reached by primary key. */
import { and, count, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { orders, products, reviews, users } from '../../db/schema'
import type { ParsedQuery, QuerySpec } from '../../lib/feathers-query'

export type ReviewRow = typeof reviews.$inferSelect
/**
 * With the author's name (their account's, else the name given at checkout), the reviewed order's short
 * code, and the reviewed product's title and whether shoppers see it (null: none, or deleted since).
 */
export type ReviewWithAuthor = ReviewRow & { authorName: string | null; orderId: string | null; productTitle: string | null; productAvailable: boolean | null }
export type ReviewInsert = Pick<
  typeof reviews.$inferInsert,
  'shopId' | 'relatedOrder' | 'productId' | 'profileId' | 'rating' | 'text' | 'createdAt' | 'updatedAt'
>
export type ReviewChanges = Partial<Pick<ReviewRow, 'hidden' | 'reply' | 'repliedAt'>>

/** What `GET /api/reviews/` may filter and sort by; `hidden` only reaches SQL for moderators (see the service). */
export const reviewQuerySpec: QuerySpec = {
  fields: {
    relatedOrder: { column: reviews.relatedOrder, type: 'uuid' },
    product: { column: reviews.productId, type: 'uuid' },
    rating: { column: reviews.rating, type: 'integer', sort: true },
    hidden: { column: reviews.hidden, type: 'boolean' },
    // `replied=false`: the reviews still waiting for the shop's answer (the overview's to-do links here).
    replied: { column: sql`(${reviews.reply} is not null)`, type: 'boolean' },
    createdAt: { column: reviews.createdAt, type: 'date', sort: true },
  },
  defaultSort: { createdAt: -1 },
  tieBreaker: reviews.id,
}

export type ReviewScope = { shopId: string; visibleOnly: boolean }

const scopedWhere = (scope: ReviewScope, parsed: ParsedQuery) =>
  and(eq(reviews.shopId, scope.shopId), scope.visibleOnly ? sql`not ${reviews.hidden}` : undefined, parsed.where)

const withAuthor = {
  review: reviews,
  authorName: sql<string | null>`coalesce(nullif(${users.name}, ''), ${orders.customerName})`,
  orderId: orders.orderId,
  productTitle: products.title,
  productAvailable: products.available,
}

type Joined = { review: ReviewRow } & Omit<ReviewWithAuthor, keyof ReviewRow>
const flat = ({ review, ...rest }: Joined): ReviewWithAuthor => ({ ...review, ...rest })

export async function listReviews(db: Db, scope: ReviewScope, parsed: ParsedQuery): Promise<{ rows: ReviewWithAuthor[]; total: number }> {
  const where = scopedWhere(scope, parsed)
  const [rows, [counted]] = await Promise.all([
    parsed.limit > 0
      ? db
          .select(withAuthor)
          .from(reviews)
          .leftJoin(users, eq(users.id, reviews.profileId))
          .leftJoin(orders, and(eq(orders.shopId, reviews.shopId), eq(orders.id, reviews.relatedOrder)))
          .leftJoin(products, and(eq(products.shopId, reviews.shopId), eq(products.id, reviews.productId)))
          .where(where)
          .orderBy(...parsed.orderBy)
          .limit(parsed.limit)
          .offset(parsed.skip)
      : Promise.resolve([]),
    db.select({ total: count() }).from(reviews).where(where),
  ])
  return { rows: rows.map(flat), total: Number(counted?.total ?? 0) }
}

/** Mean rating of the shop's (or one product's) visible reviews, rounded to one decimal; null when there are none. */
export async function averageVisibleRating(db: Db, shopId: string, productId?: string): Promise<number | null> {
  const [row] = await db
    .select({ average: sql<number | null>`round(avg(${reviews.rating}), 1)::float8` })
    .from(reviews)
    .where(and(eq(reviews.shopId, shopId), productId ? eq(reviews.productId, productId) : undefined, sql`not ${reviews.hidden}`))
  return row?.average ?? null
}

export async function findReview(db: Db, id: string): Promise<ReviewWithAuthor | null> {
  const [row] = await db
    .select(withAuthor)
    .from(reviews)
    .leftJoin(users, eq(users.id, reviews.profileId))
    .leftJoin(orders, and(eq(orders.shopId, reviews.shopId), eq(orders.id, reviews.relatedOrder)))
    .leftJoin(products, and(eq(products.shopId, reviews.shopId), eq(products.id, reviews.productId)))
    .where(eq(reviews.id, id))
    .limit(1)
  return row ? flat(row) : null
}

/** The order fields a review needs: whose it is (account or private key), which shop, its items, and whether it was delivered. */
export async function findOrderForReview(db: Db, orderId: string) {
  const [row] = await db
    .select({
      id: orders.id,
      shopId: orders.shopId,
      profileId: orders.profileId,
      accessKeyHash: orders.accessKeyHash,
      status: orders.status,
      orderId: orders.orderId,
      items: orders.items,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1)
  return row ?? null
}

const reviewKey = [reviews.shopId, reviews.relatedOrder, reviews.productId]

/** Inserts the review; null when the order (or this item of it) already has one (the unique key decides, under any load). */
export async function insertReview(db: Db, values: ReviewInsert): Promise<ReviewRow | null> {
  const [row] = await db.insert(reviews).values(values).onConflictDoNothing({ target: reviewKey }).returning()
  return row ?? null
}

/**
 * Writes the review of an item of an order, or rewrites its rating and text when the buyer already reviewed
 * it (hidden stays hidden, the shop's reply stays). `created` tells which, in the same statement.
 */
export async function upsertItemReview(db: Db, values: ReviewInsert): Promise<{ id: string; created: boolean }> {
  const [row] = await db
    .insert(reviews)
    .values(values)
    .onConflictDoUpdate({ target: reviewKey, set: { rating: values.rating, text: values.text, updatedAt: values.updatedAt } })
    .returning({ id: reviews.id, created: sql<boolean>`(xmax = 0)` })
  return row!
}


export async function updateReview(db: Db, id: string, changes: ReviewChanges): Promise<void> {
  await db
    .update(reviews)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(reviews.id, id))
}
