/**
 * Reviews (docs/architecture.md §10, decision 81). The buyer of a delivered order reviews the order once (docs/product.md's
 * review) and each of its items once, editing their item reviews by posting again; the shop comes from the
 * order. The buyer is the order's logged-in account, or whoever holds its private key (a guest's link).
 * Everyone sees a shop's visible reviews and their average, and a product's; the shop's moderators
 * ('reviews.moderate', keeper and up) also see hidden ones, and hide, show or reply.
 *
 * An order the caller cannot open (someone else's, a wrong key, one that does not exist) is a 404 to the
 * reviewer. PATCH is moderation only, and to anyone who is not staff of the review's shop the review
 * does not exist for writing (404), the same answer `authorize` gives every outsider.
 */
import { type ServiceContext, inTransaction } from '../../context'
import { secretMatches } from '../../lib/crypto'
import { Conflict, NotFound, Unprocessable } from '../../lib/errors'
import { parseQuery } from '../../lib/feathers-query'
import { notifyStaff } from '../notifications/notify'
import { reviewDto } from './review.dto'
import {
  type ReviewChanges,
  averageVisibleRating,
  findOrderForReview,
  findReview,
  insertReview,
  listReviews,
  reviewQuerySpec,
  updateReview,
  upsertItemReview,
} from './review.repository'
import type { ReviewCreateInput, ReviewDto, ReviewPage, ReviewPatchInput } from './review.schemas'

const SNIPPET = 140

function isModerator(ctx: ServiceContext, shopId: string): Promise<boolean> {
  return ctx.actor.can(shopId, 'reviews.moderate')
}

function snippet(text: string): string {
  return text.length > SNIPPET ? `${text.slice(0, SNIPPET - 1)}…` : text
}

/** A review written, and whether it is new (201) or the buyer's earlier review of the item rewritten (200). */
export type ReviewWritten = { review: ReviewDto; created: boolean }

export async function createReview(ctx: ServiceContext, input: ReviewCreateInput): Promise<ReviewWritten> {
  // Without the order's private key only a logged-in buyer can be the order's buyer.
  if (!input.key) ctx.actor.requireUser()
  const db = ctx.db
  const order = await findOrderForReview(db, input.relatedOrder)
  const user = order ? ctx.actor.shopUser(order.shopId) : null
  const buyer = !!order && ((!!user && order.profileId === user.id) || secretMatches(input.key, order.accessKeyHash))
  if (!order || !buyer) throw NotFound('No such order')
  if (order.status !== 'delivered') {
    throw Unprocessable('You can review an order once it has been delivered', [
      { path: 'relatedOrder', message: 'has not been delivered' },
    ])
  }
  const line = input.product ? order.items.find((item) => item.product === input.product) : undefined
  if (input.product && !line) {
    throw Unprocessable('This product is not in this order', [{ path: 'product', message: 'is not an item of the order' }])
  }
  const text = (input.text ?? '').trim()
  const written = await inTransaction(ctx, async (tx) => {
    const createdAt = ctx.clock.now()
    const values = {
      shopId: order.shopId,
      relatedOrder: order.id,
      productId: line ? line.product : null,
      profileId: order.profileId,
      rating: input.rating,
      text,
      createdAt,
      updatedAt: createdAt,
    }
    let row: { id: string; created: boolean }
    if (line) {
      row = await upsertItemReview(tx.db, values)
    } else {
      const inserted = await insertReview(tx.db, values)
      if (!inserted) throw Conflict('You have already reviewed this order', [{ path: 'relatedOrder', message: 'already has a review' }])
      row = { id: inserted.id, created: true }
    }
    if (row.created) {
      const about = line ? `Order ${order.orderId}, ${line.title}` : `Order ${order.orderId}`
      await notifyStaff(
        tx,
        order.shopId,
        'reviews.moderate',
        {
          type: 'new-review',
          title: `New ${input.rating}-star review`,
          body: text ? `${about}: “${snippet(text)}”` : `${about} was rated ${input.rating} of 5.`,
          link: '/admin/reviews',
        },
        order.profileId ?? undefined,
      )
    }
    return row
  })
  return { review: reviewDto((await findReview(db, written.id))!, { moderator: false }), created: written.created }
}

/**
 * The public list of a shop's reviews. Moderators see hidden ones too, with the flag. Filtering on
 * `hidden` is theirs alone, except `hidden=false`, which is what everyone sees anyway (the storefront
 * sends it so a logged-in moderator sees the same page as a shopper).
 */
export async function listShopReviews(ctx: ServiceContext, rawQuery: Record<string, unknown> & { shop: string }): Promise<ReviewPage> {
  const { shop, ...query } = rawQuery
  const moderator = await isModerator(ctx, shop)
  if (!moderator && query.hidden !== undefined && query.hidden !== 'false') {
    await ctx.actor.authorize(shop, 'reviews.moderate') // not a moderator: 401 anonymous, 404 outsider
  }
  const parsed = parseQuery(reviewQuerySpec, query)
  const db = ctx.db
  // Filtered to one product, the average is that product's.
  const product = typeof query.product === 'string' ? query.product : undefined
  const [{ rows, total }, average] = await Promise.all([
    listReviews(db, { shopId: shop, visibleOnly: !moderator }, parsed),
    averageVisibleRating(db, shop, product),
  ])
  return { total, limit: parsed.limit, skip: parsed.skip, average, data: rows.map((row) => reviewDto(row, { moderator })) }
}

export async function moderateReview(ctx: ServiceContext, id: string, input: ReviewPatchInput): Promise<ReviewDto> {
  ctx.actor.requireUser()
  const db = ctx.db
  const review = await findReview(db, id)
  if (!review) throw NotFound('No such review')
  await ctx.actor.authorize(review.shopId, 'reviews.moderate')

  const changes: ReviewChanges = {}
  if (input.hidden !== undefined) changes.hidden = input.hidden
  if (input.reply !== undefined) {
    const reply = input.reply?.trim() || null
    changes.reply = reply
    changes.repliedAt = reply ? ctx.clock.now() : null
  }
  await updateReview(db, id, changes)
  return reviewDto((await findReview(db, id))!, { moderator: true })
}
