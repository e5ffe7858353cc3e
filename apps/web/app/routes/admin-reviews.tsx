import { useId, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { LoadError } from '../components/load-error'
import { useToast } from '../components/ui/toast'
import { useAdmin } from '../features/admin/hooks/use-admin'
import { listReviews } from '../api/reviews/list-reviews'
import { updateReview } from '../api/reviews/update-review'
import { Pager } from '../features/admin/components/pager'
import { ReviewItem } from '../features/admin-reviews/components/review-item'
import {
  RATINGS,
  REVIEWS_PER_PAGE,
  type ReviewFilter,
  parseReviewFilter,
  ratingOptionLabel,
  reviewFilterParams,
  reviewListQuery,
} from '../features/admin-reviews/review-query'
import type { AdminReview, AdminReviewPage } from '../features/admin-reviews/types'
import { api, errorMessage } from '../lib/api'
import { routeMeta } from '../lib/page-meta'
import { useApiData } from '../lib/use-api-data'
import type { Route } from './+types/admin-reviews'
import styles from '../features/admin-reviews/admin-reviews.css?url'

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: styles }]

export const meta: Route.MetaFunction = (args) => routeMeta('Reviews', args)

/** DESIGN §10: every review of the shop, hidden ones too, to hide, show or answer. */
export default function AdminReviews() {
  const { shop } = useAdmin()
  const toast = useToast()
  const ratingId = useId()
  // The filter and page live in the address, so back, forward and reload keep them.
  const [params, setParams] = useSearchParams()
  const filter = parseReviewFilter(params)
  const setFilter = (next: ReviewFilter, options?: { preventScrollReset: boolean }) => setParams(reviewFilterParams(next), options)
  const reviews = useApiData(`${shop._id}/${filter.rating}/${filter.page}`, () => listReviews<AdminReviewPage>(api, reviewListQuery(shop._id, filter)))
  const [replyingTo, setReplyingTo] = useState<string | null>(null)
  const [busyId, setBusyId] = useState<string | null>(null)

  /** Puts the API's answer in the list in place of the old review. */
  function replace(changed: AdminReview) {
    const page = reviews.data
    if (page) reviews.setData({ ...page, data: page.data.map((review) => (review._id === changed._id ? changed : review)) })
  }

  async function toggleHidden(review: AdminReview) {
    setBusyId(review._id)
    try {
      const changed = await updateReview(api, review._id, { hidden: !review.hidden })
      replace(changed)
      // The average counts visible reviews only.
      reviews.reload()
      toast(changed.hidden ? 'Review hidden from the site' : 'Review shown on the site')
    } catch (error) {
      toast(`The review could not be changed: ${errorMessage(error)}`, 'error')
    } finally {
      setBusyId(null)
    }
  }

  function replySaved(changed: AdminReview) {
    replace(changed)
    setReplyingTo(null)
    toast(changed.reply ? 'Reply saved' : 'Reply removed')
  }

  const page = reviews.data
  return (
    <>
      <div className="admin-header">
        <h1>Reviews</h1>
        {page && page.average !== null && (
          <p className="admin-review-average">
            Average of visible reviews: <strong>{page.average.toFixed(1)}</strong> out of 5
          </p>
        )}
      </div>

      <div className="admin-toolbar">
        <div className="field">
          <label htmlFor={ratingId}>Rating</label>
          <select
            id={ratingId}
            value={filter.rating ?? ''}
            onChange={(event) =>
              setFilter({ rating: event.target.value ? Number(event.target.value) : null, page: 1 }, { preventScrollReset: true })
            }
          >
            <option value="">All ratings</option>
            {RATINGS.map((rating) => (
              <option key={rating} value={rating}>
                {ratingOptionLabel(rating)}
              </option>
            ))}
          </select>
        </div>
      </div>

      {reviews.error ? <LoadError error={reviews.error} onRetry={reviews.reload} /> : null}
      {!page ? (
        !reviews.error && (
          <p className="loading" role="status">
            Loading reviews…
          </p>
        )
      ) : page.total === 0 ? (
        <p role="status">{filter.rating ? `No ${ratingOptionLabel(filter.rating)} reviews.` : 'No reviews yet.'}</p>
      ) : (
        <>
          <p className="admin-review-count" role="status">
            {page.total} {page.total === 1 ? 'review' : 'reviews'}
          </p>
          {page.data.length === 0 && (
            <p>
              There is no page {filter.page}.{' '}
              <Link to={{ search: reviewFilterParams({ ...filter, page: 1 }).toString() }}>Go to the first page</Link>
            </p>
          )}
          <ul className="admin-review-list">
            {page.data.map((review) => (
              <ReviewItem
                key={review._id}
                review={review}
                shopTitle={shop.title}
                busy={busyId === review._id}
                replying={replyingTo === review._id}
                onToggleHidden={() => toggleHidden(review)}
                onStartReply={() => setReplyingTo(review._id)}
                onReplySaved={replySaved}
                onReplyDone={() => setReplyingTo(null)}
              />
            ))}
          </ul>
          <Pager
            label="Pages of reviews"
            skip={(filter.page - 1) * REVIEWS_PER_PAGE}
            limit={REVIEWS_PER_PAGE}
            total={page.total}
            onSkip={(skip) => setFilter({ ...filter, page: Math.floor(skip / REVIEWS_PER_PAGE) + 1 })}
          />
        </>
      )}
    </>
  )
}
