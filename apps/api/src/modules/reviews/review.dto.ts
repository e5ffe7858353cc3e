/**
 * Row → response mapper for reviews. Authors appear by first name only (their account's name, or a guest's
 * name given at checkout): never an email or a full name.
 */
import type { ReviewWithAuthor } from './review.repository'
import type { ReviewDto } from './review.schemas'

export function firstName(name: string | null): string {
  return name?.trim().split(/\s+/)[0] ?? ''
}

/**
 * `moderator` adds the `hidden` flag and the order's short code, which only the shop's moderators see, and
 * the title of a reviewed product hidden from shoppers.
 */
export function reviewDto(row: ReviewWithAuthor, view: { moderator: boolean }): ReviewDto {
  return {
    _id: row.id,
    shop: row.shopId,
    relatedOrder: row.relatedOrder,
    ...(row.productId ? { product: row.productId } : {}),
    // Shoppers read the title of a product they can open; the shop's moderators of any it still has.
    ...(row.productTitle !== null && (view.moderator || row.productAvailable) ? { productTitle: row.productTitle } : {}),
    rating: row.rating,
    text: row.text,
    reply: row.reply,
    repliedAt: row.repliedAt ? row.repliedAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    author: { name: firstName(row.authorName) },
    ...(view.moderator ? { hidden: row.hidden, orderId: row.orderId ?? '' } : {}),
  }
}
