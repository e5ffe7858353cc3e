import { ReviewPatchBody } from '@shop/domain/schemas/review'
import { Uuid } from '@shop/domain/schemas/wire'
import { Type } from 'typebox'
import { useId, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { listReviews } from '../api/reviews/list-reviews'
import { updateReview } from '../api/reviews/update-review'
import { useToast } from '../components/ui/toast'
import { Pager } from '../features/admin/components/pager'
import { useAdmin } from '../lib/use-admin'
import { requireStaff } from '../lib/auth/staff-session'
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
import type { AdminReview, AdminReviewPage } from '../api/reviews/admin-review'
import { api } from '../lib/api'
import { routeMeta } from '../lib/page-meta'
import { perform } from '../lib/route-data'
import { parseSubmission } from '../lib/submission'
import type { Route } from './+types/admin-reviews'
import styles from '../features/admin-reviews/admin-reviews.css?url'

export { RouteErrorBoundary as ErrorBoundary } from '../components/route-error'

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: styles }]

export const meta: Route.MetaFunction = (args) => routeMeta('Reviews', args)

/** The filter and page live in the address, so back, forward and reload keep them. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const { shop } = await requireStaff(request)
  const filter = parseReviewFilter(new URL(request.url).searchParams)
  return { filter, page: await listReviews<AdminReviewPage>(api, reviewListQuery(shop._id, filter)) }
}
clientLoader.hydrate = true as const

/** What each form of the page sends: the review and the one change the domain's patch allows. */
const intents = {
  'set-hidden': Type.Object({ id: Uuid, hidden: Type.Boolean() }, { additionalProperties: false }),
  reply: Type.Object({ id: Uuid, reply: ReviewPatchBody.properties.reply }, { additionalProperties: false }),
}

/** `set-hidden` hides or shows a review; `reply` writes, edits or (blank) removes the shop's reply. */
export async function clientAction({ request }: Route.ClientActionArgs) {
  await requireStaff(request)
  const submission = await parseSubmission(request, intents)
  if (!submission.ok) return submission
  switch (submission.intent) {
    case 'set-hidden': {
      const { id, hidden } = submission.value
      return perform('set-hidden', () => updateReview(api, id, { hidden }))
    }
    case 'reply': {
      const { id, reply } = submission.value
      return perform('reply', () => updateReview(api, id, { reply: reply?.trim() || null }), ['reply'])
    }
  }
}

/** docs/architecture.md §10: every review of the shop, hidden ones too, to hide, show or answer. */
export default function AdminReviews({ loaderData }: Route.ComponentProps) {
  const { filter, page } = loaderData
  const { shop } = useAdmin()
  const toast = useToast()
  const ratingId = useId()
  const replyId = useId()
  const [, setParams] = useSearchParams()
  const setFilter = (next: ReviewFilter, options?: { preventScrollReset: boolean }) => setParams(reviewFilterParams(next), options)
  const [replyingTo, setReplyingTo] = useState<string | null>(null)

  function replySaved(changed: AdminReview) {
    setReplyingTo(null)
    toast(changed.reply ? 'Reply saved' : 'Reply removed')
  }

  return (
    <>
      <div className="admin-header">
        <h1>Reviews</h1>
        {page.average !== null && (
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
              setFilter({ ...filter, rating: event.target.value ? Number(event.target.value) : null, page: 1 }, { preventScrollReset: true })
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
        <div className="field">
          <label htmlFor={replyId}>Reply</label>
          <select
            id={replyId}
            value={filter.unanswered ? 'none' : ''}
            onChange={(event) => setFilter({ ...filter, unanswered: event.target.value === 'none', page: 1 }, { preventScrollReset: true })}
          >
            <option value="">All reviews</option>
            <option value="none">Visible, without a reply</option>
          </select>
        </div>
      </div>

      {page.total === 0 ? (
        <p role="status">
          {filter.unanswered
            ? 'Every visible review has a reply.'
            : filter.rating
              ? `No ${ratingOptionLabel(filter.rating)} reviews.`
              : 'No reviews yet.'}
        </p>
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
                replying={replyingTo === review._id}
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
