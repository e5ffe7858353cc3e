import { Link } from 'react-router'
import { LoginButton } from '../features/auth/components/login-button'
import { useSessionUser } from '../features/auth/session'
import { listReviews } from '../api/reviews/list-reviews'
import { RatingStars } from '../features/reviews/components/rating-stars'
import { ReviewList } from '../features/reviews/components/review-list'
import { WriteReview } from '../features/reviews/components/write-review'
import { serverApi } from '../lib/api.server'
import { routeMeta } from '../lib/page-meta'
import { assertPageInRange, pageParam } from '../lib/page-number'
import { notFound } from '../lib/route-errors'
import { useSite } from '../lib/use-site'
import type { Route } from './+types/reviews'

export { RouteErrorBoundary as ErrorBoundary } from '../components/route-error'

const PAGE = 20

export async function loader({ context, request }: Route.LoaderArgs) {
  if (!context.shop) notFound()
  const page = pageParam(new URL(request.url).searchParams)
  const reviews = await listReviews(serverApi(context), {
    shop: context.shop._id,
    // A logged-in moderator sees the page a shopper sees.
    hidden: false,
    $sort: { createdAt: -1 },
    $skip: (page - 1) * PAGE,
    $limit: PAGE,
  })
  assertPageInRange(page, reviews.data.length)
  return { page, total: reviews.total, average: reviews.average, reviews: reviews.data }
}

export const meta: Route.MetaFunction = (args) => routeMeta('Reviews', args)

export default function Reviews({ loaderData }: Route.ComponentProps) {
  const { page, total, average, reviews } = loaderData
  const shop = useSite().shop!
  const user = useSessionUser()
  const pages = Math.ceil(total / PAGE)
  return (
    <section aria-labelledby="reviews-title" className="reviews-page">
      <h1 id="reviews-title">Reviews</h1>
      {average !== null && total > 0 ? (
        <p className="review-average">
          <RatingStars rating={average} /> <strong>{average.toFixed(1)}</strong> out of 5, from {total}{' '}
          {total === 1 ? 'review' : 'reviews'}
        </p>
      ) : (
        <p>No reviews yet.</p>
      )}
      <p className="review-jump">
        <a href="#write-title">Review an order you received</a>
      </p>
      {reviews.length > 0 && (
        <section aria-labelledby="all-reviews-title">
          <h2 id="all-reviews-title">What customers say</h2>
          <ReviewList reviews={reviews} shopTitle={shop.title} />
          {pages > 1 && (
            <nav className="pagination" aria-label="Pagination">
              <ul>
                {page > 1 && (
                  <li>
                    <Link to={`/reviews?page=${page - 1}`}>Newer reviews</Link>
                  </li>
                )}
                {page < pages && (
                  <li>
                    <Link to={`/reviews?page=${page + 1}`}>Older reviews</Link>
                  </li>
                )}
              </ul>
            </nav>
          )}
        </section>
      )}
      {/* Reviews come first; writing one is a short list of orders, each opening its own form. */}
      <section aria-labelledby="write-title" className="write-review">
        <h2 id="write-title">Review your order</h2>
        {user ? (
          <WriteReview user={user} shopId={shop._id} />
        ) : (
          <div className="inline-login">
            <p>Log in to review an order you received.</p>
            <LoginButton />
          </div>
        )}
      </section>
    </section>
  )
}
