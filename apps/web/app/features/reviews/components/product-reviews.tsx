import type { ReviewPage } from '@shop/domain/schemas/review'
import { Link } from 'react-router'
import { useSite } from '../../../lib/use-site'
import { RatingStars } from './rating-stars'
import { ReviewList } from './review-list'

/**
 * A product page's reviews (decision 81): the average in stars and words, the latest few, and a link to
 * all of them. Only visible reviews reach here. Without any, one line says so and how reviews come.
 */
export function ProductReviews({ productId, page }: { productId: string; page: ReviewPage | null }) {
  const shopTitle = useSite().shop?.title ?? ''
  if (!page) return null
  const { total, average, data } = page
  return (
    <section aria-labelledby="product-reviews-title" className="product-reviews">
      <h2 id="product-reviews-title">Reviews</h2>
      {total > 0 && average !== null ? (
        <>
          <p className="review-average">
            <RatingStars rating={average} /> <strong>{average.toFixed(1)}</strong> out of 5, from {total} {total === 1 ? 'review' : 'reviews'}
          </p>
          <ReviewList reviews={data} shopTitle={shopTitle} />
          {total > data.length && (
            <p>
              <Link to={`/reviews?product=${productId}`}>
                See all {total} reviews<span className="visually-hidden"> of this product</span>
              </Link>
            </p>
          )}
        </>
      ) : (
        <p className="hint">No reviews yet. Buyers review what they bought once it is delivered.</p>
      )}
    </section>
  )
}

/** The product's rating beside its price, a link down to its reviews; nothing while it has none. */
export function ProductRatingLink({ page }: { page: ReviewPage | null }) {
  if (!page || page.total === 0 || page.average === null) return null
  return (
    <p className="product-rating">
      <a href="#product-reviews-title">
        <RatingStars rating={page.average} /> {page.average.toFixed(1)} ({page.total} {page.total === 1 ? 'review' : 'reviews'})
      </a>
    </p>
  )
}
