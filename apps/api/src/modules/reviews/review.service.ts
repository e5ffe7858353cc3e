/**
 * Reviews (DESIGN §10). A logged-in shopper reviews each of their delivered orders once; the shop comes
 * from the order. Everyone sees a shop's visible reviews and their average; the shop's moderators
 * ('reviews.moderate', keeper and up) also see hidden ones, and hide, show or reply.
 *
 * Someone else's order, or one that does not exist, is a 404 to the reviewer. The author of a review may
 * not change it: PATCH is moderation only, and to anyone who is not staff of the review's shop the review
 * does not exist for writing (404), the same answer `authorize` gives every outsider.
 */
import { type ServiceContext, inTransaction } from '../../context'
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
} from './review.repository'
import type { ReviewCreateInput, ReviewDto, ReviewPage, ReviewPatchInput } from './review.schemas'

const SNIPPET = 140

function isModerator(ctx: ServiceContext, shopId: string): Promise<boolean> {
  return ctx.actor.can(shopId, 'reviews.moderate')
}

function snippet(text: string): string {
  return text.length > SNIPPET ? `${text.slice(0, SNIPPET - 1)}…` : text
}

export async function createReview(ctx: ServiceContext, input: ReviewCreateInput): Promise<ReviewDto> {
  ctx.actor.requireUser()
  const db = ctx.db
  const order = await findOrderForReview(db, input.relatedOrder)
  const user = order ? ctx.actor.shopUser(order.shopId) : null
  if (!order || !user || order.profileId !== user.id) throw NotFound('No such order')
  if (order.status !== 'delivered') {
    throw Unprocessable('You can review an order once it has been delivered', [
      { path: 'relatedOrder', message: 'has not been delivered' },
    ])
  }
  const text = (input.text ?? '').trim()
  const review = await inTransaction(ctx, async (tx) => {
    const createdAt = ctx.clock.now()
    const values = { shopId: order.shopId, relatedOrder: order.id, profileId: user.id, rating: input.rating, text, createdAt, updatedAt: createdAt }
    const row = await insertReview(tx.db, values)
    if (!row) throw Conflict('You have already reviewed this order', [{ path: 'relatedOrder', message: 'already has a review' }])
    await notifyStaff(
      tx,
      order.shopId,
      'reviews.moderate',
      {
        type: 'new-review',
        title: `New ${input.rating}-star review`,
        body: text ? `Order ${order.orderId}: “${snippet(text)}”` : `Order ${order.orderId} was rated ${input.rating} of 5.`,
        link: '/admin/reviews',
      },
      user.id,
    )
    return row
  })
  return reviewDto((await findReview(db, review.id))!, { moderator: false })
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
  const [{ rows, total }, average] = await Promise.all([
    listReviews(db, { shopId: shop, visibleOnly: !moderator }, parsed),
    averageVisibleRating(db, shop),
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
