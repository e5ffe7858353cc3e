/**
 * Reviews (DESIGN §10). A logged-in shopper reviews each of their delivered orders once; the shop comes
 * from the order. Everyone sees a shop's visible reviews and their average; the shop's moderators
 * ('reviews.moderate', keeper and up) also see hidden ones, and hide, show or reply.
 *
 * Someone else's order, or one that does not exist, is a 404 to the reviewer. The author of a review may
 * not change it: PATCH is moderation only, and to anyone who is not staff of the review's shop the review
 * does not exist for writing (404), the same answer `authorize` gives every outsider.
 */
import { can } from '@shop/domain'
import type { FastifyRequest } from 'fastify'
import { Conflict, NotFound, Unprocessable } from '../../lib/errors'
import { type Page, parseQuery } from '../../lib/feathers-query'
import { authorize, callerRole, requireUser, shopUser } from '../../plugins/auth'
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
import type { ReviewCreateInput, ReviewDto, ReviewPatchInput } from './review.schemas'

export type ReviewPage = Page<ReviewDto> & { average: number | null }

const SNIPPET = 140

async function isModerator(request: FastifyRequest, shopId: string): Promise<boolean> {
  return can(await callerRole(request, shopId), 'reviews.moderate')
}

function snippet(text: string): string {
  return text.length > SNIPPET ? `${text.slice(0, SNIPPET - 1)}…` : text
}

export async function createReview(request: FastifyRequest, input: ReviewCreateInput): Promise<ReviewDto> {
  requireUser(request)
  const db = request.server.db
  const order = await findOrderForReview(db, input.relatedOrder)
  const user = order ? shopUser(request, order.shopId) : null
  if (!order || !user || order.profileId !== user.id) throw NotFound('No such order')
  if (order.status !== 'delivered') {
    throw Unprocessable('You can review an order once it has been delivered', [
      { path: 'relatedOrder', message: 'has not been delivered' },
    ])
  }
  const text = (input.text ?? '').trim()
  const review = await db.transaction(async (tx) => {
    const row = await insertReview(tx, { shopId: order.shopId, relatedOrder: order.id, profileId: user.id, rating: input.rating, text })
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
export async function listShopReviews(request: FastifyRequest, rawQuery: Record<string, unknown>): Promise<ReviewPage> {
  const { shop, ...query } = rawQuery as { shop: string } & Record<string, unknown>
  const moderator = await isModerator(request, shop)
  if (!moderator && query.hidden !== undefined && query.hidden !== 'false') {
    await authorize(request, shop, 'reviews.moderate') // not a moderator: 401 anonymous, 404 outsider
  }
  const parsed = parseQuery(reviewQuerySpec, query)
  const db = request.server.db
  const [{ rows, total }, average] = await Promise.all([
    listReviews(db, { shopId: shop, visibleOnly: !moderator }, parsed),
    averageVisibleRating(db, shop),
  ])
  return { total, limit: parsed.limit, skip: parsed.skip, average, data: rows.map((row) => reviewDto(row, { moderator })) }
}

export async function moderateReview(request: FastifyRequest, id: string, input: ReviewPatchInput): Promise<ReviewDto> {
  requireUser(request)
  const db = request.server.db
  const review = await findReview(db, id)
  if (!review) throw NotFound('No such review')
  await authorize(request, review.shopId, 'reviews.moderate')

  const changes: ReviewChanges = {}
  if (input.hidden !== undefined) changes.hidden = input.hidden
  if (input.reply !== undefined) {
    const reply = input.reply?.trim() || null
    changes.reply = reply
    changes.repliedAt = reply ? new Date() : null
  }
  await updateReview(db, id, changes)
  return reviewDto((await findReview(db, id))!, { moderator: true })
}
