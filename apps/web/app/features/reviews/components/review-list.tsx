import { formatShortDate } from '@shop/domain'
import type { Review } from '@shop/domain/schemas/review'
import { RatingStars } from './rating-stars'

export function ReviewList({ reviews, shopTitle }: { reviews: Review[]; shopTitle: string }) {
  return (
    <ul className="review-list">
      {reviews.map((review) => (
        <li key={review._id} className="review">
          <article aria-label={`Review by ${review.author.name || 'a customer'}`}>
            <p className="review-head">
              <RatingStars rating={review.rating} /> <strong>{review.author.name || 'A customer'}</strong>{' '}
              <time dateTime={review.createdAt}>{formatShortDate(new Date(review.createdAt))}</time>
            </p>
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
