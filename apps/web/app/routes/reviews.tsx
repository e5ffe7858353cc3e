import { Link } from 'react-router'
import { requireUser } from '../lib/auth/guard'
import { LoginButton } from '../features/auth/components/login-button'
import { useSessionUser } from '../lib/auth/session'
import { listReviews } from '../api/reviews/list-reviews'
import { getProduct } from '../api/products/get-product'
import { RatingStars } from '../features/reviews/components/rating-stars'
import { ReviewList } from '../features/reviews/components/review-list'
import { WriteReview } from '../features/reviews/components/write-review'
import { serverApi } from '../lib/api.server'
import { routeMeta } from '../lib/page-meta'
import { assertPageInRange, pageParam } from '../lib/page-number'
import { isMissing, notFound } from '../lib/route-errors'
import { useSite } from '../lib/use-site'
import type { ScriptsHandle } from '../lib/scripts-after-load'
import type { Route } from './+types/reviews'
import { productPath } from '@shop/domain'

export { RouteErrorBoundary as ErrorBoundary } from '../components/route-error'

const PAGE = 20

export async function loader({ context, request }: Route.LoaderArgs) {
  if (!context.shop) notFound()
  const params = new URL(request.url).searchParams
  const page = pageParam(params)
  const api = serverApi(context)
  // `?product=`: one product's reviews (its page links here for more than it shows).
  const productId = params.get('product')
  const product = productId
    ? await getProduct(api, productId).catch((error: unknown) => {
        if (isMissing(error)) return null
        throw error
      })
    : null
  if (productId && (!product || product.shop !== context.shop._id || !product.available)) notFound()
  const reviews = await listReviews(api, {
    shop: context.shop._id,
    ...(product ? { product: product._id } : {}),
    // A logged-in moderator sees the page a shopper sees.
    hidden: false,
    $sort: { createdAt: -1 },
    $skip: (page - 1) * PAGE,
    $limit: PAGE,
  })
  assertPageInRange(page, reviews.data.length)
  return {
    page,
    total: reviews.total,
    average: reviews.average,
    reviews: reviews.data,
    product: product ? { _id: product._id, title: product.title } : null,
  }
}

/** `review-order` (features/reviews/review-order-action.ts): a logged-in buyer reviews a delivered order; the page's reviews are then read again. */
export async function clientAction({ request }: Route.ClientActionArgs) {
  await requireUser(request)
  const { reviewOrderAction } = await import('../features/reviews/review-order-action')
  return reviewOrderAction(request)
}

/** Read and used without scripts: they start at the first touch (decision 113). */
export const handle: ScriptsHandle = { scriptsAtFirstTouch: true }

export const meta: Route.MetaFunction = (args) => routeMeta('Reviews', args)

export default function Reviews({ loaderData }: Route.ComponentProps) {
  const { page, total, average, reviews, product } = loaderData
  const shop = useSite().shop!
  const user = useSessionUser()
  const pages = Math.ceil(total / PAGE)
  return (
    <section aria-labelledby="reviews-title" className="reviews-page">
      <h1 id="reviews-title">{product ? `Reviews of ${product.title}` : 'Reviews'}</h1>
      {product && (
        <p>
          <Link to={productPath(product)}>← Back to {product.title}</Link> · <Link to="/reviews">All the shop’s reviews</Link>
        </p>
      )}
      {average !== null && total > 0 ? (
        <p className="review-average">
          <RatingStars rating={average} /> <strong>{average.toFixed(1)}</strong> out of 5, from {total}{' '}
          {total === 1 ? 'review' : 'reviews'}
        </p>
      ) : (
        <p>No reviews yet.</p>
      )}
      {!product && (
        <p className="review-jump">
          <a href="#write-title">Review an order you received</a>
        </p>
      )}
      {reviews.length > 0 && (
        <section aria-labelledby="all-reviews-title">
          <h2 id="all-reviews-title">What customers say</h2>
          <ReviewList reviews={reviews} shopTitle={shop.title} nameProducts={!product} />
          {pages > 1 && (
            <nav className="pagination" aria-label="Pagination">
              <ul>
                {page > 1 && (
                  <li>
                    <Link to={`/reviews?${product ? `product=${product._id}&` : ''}page=${page - 1}`}>Newer reviews</Link>
                  </li>
                )}
                {page < pages && (
                  <li>
                    <Link to={`/reviews?${product ? `product=${product._id}&` : ''}page=${page + 1}`}>Older reviews</Link>
                  </li>
                )}
              </ul>
            </nav>
          )}
        </section>
      )}
      {/* Reviews come first; writing one is a short list of orders, each opening its own form. A product's
          reviews are written from the order that bought it. */}
      {!product && (
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
      )}
    </section>
  )
}
