import { formatShortDate, productPath } from '@shop/domain'
import type { Review } from '@shop/domain/schemas/review'
import { Link } from 'react-router'
import { RatingStars } from './rating-stars'

/** The reviews as shoppers read them; `nameProducts` says which product each is about, linked (not on one product's own list). */
export function ReviewList({ reviews, shopTitle, nameProducts = false }: { reviews: Review[]; shopTitle: string; nameProducts?: boolean }) {
  return (
    <ul className="review-list">
      {reviews.map((review) => (
        <li key={review._id} className="review">
          <article aria-label={`Review by ${review.author.name || 'a customer'}`}>
            <p className="review-head">
              <RatingStars rating={review.rating} /> <strong>{review.author.name || 'A customer'}</strong>{' '}
              <time dateTime={review.createdAt}>{formatShortDate(new Date(review.createdAt))}</time>
            </p>
            {nameProducts && review.product && review.productTitle && (
              <p className="review-product">
                About <Link to={productPath({ _id: review.product, title: review.productTitle })}>{review.productTitle}</Link>
              </p>
            )}
            {review.text && <p className="prose">{review.text}</p>}
            {review.reply && (
              <div className="review-reply">
                <p>
                  <strong>Reply from {shopTitle}</strong>
                </p>
                <p className="prose">{review.reply}</p>
              </div>
            )}
          </article>
        </li>
      ))}
    </ul>
  )
}
