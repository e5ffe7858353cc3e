import { formatShortDate } from '@shop/domain'
import { useEffect, useId, useRef } from 'react'
import { Link, useFetcher } from 'react-router'
import { Button } from '../../../components/ui/button'
import { useToast } from '../../../components/ui/toast'
import { type ActionAnswer, jsonSubmit, problemOf, useFetcherDone } from '../../../lib/route-data'
import { ratingLabel, starsText } from '../review-query'
import type { AdminReview } from '../../../api/reviews/admin-review'
import { ReplyForm } from './reply-form'

type ReviewItemProps = {
  review: AdminReview
  shopTitle: string
  replying: boolean
  onStartReply: () => void
  onReplySaved: (review: AdminReview) => void
  onReplyDone: () => void
}

/**
 * One review with what staff may do to it: hide or show it (the page's `set-hidden` intent, in place, so
 * several reviews can change at once), and reply.
 */
export function ReviewItem({ review, shopTitle, replying, onStartReply, onReplySaved, onReplyDone }: ReviewItemProps) {
  const headingId = useId()
  const toast = useToast()
  const fetcher = useFetcher<ActionAnswer<'set-hidden', AdminReview>>()
  // A change to this review is on its way.
  const busy = fetcher.state !== 'idle'
  useFetcherDone(fetcher, (answer) => {
    if (!answer.ok) toast(`The review could not be changed: ${problemOf(answer.errors)}`, 'error')
    else toast(answer.data.hidden ? 'Review hidden from the site' : 'Review shown on the site')
  })
  const replyButton = useRef<HTMLButtonElement>(null)
  const wasReplying = useRef(replying)

  // Back to the Reply button when the form closes, so keyboard users keep their place.
  useEffect(() => {
    if (wasReplying.current && !replying) replyButton.current?.focus()
    wasReplying.current = replying
  }, [replying])

  const name = review.author.name || 'A customer'
  // Every review has these buttons; the hidden words tell a screen reader's button list which review each is for.
  const whose = <span className="visually-hidden"> for {review.author.name ? `${review.author.name}’s` : 'a customer’s'} review</span>
  return (
    <li className={review.hidden ? 'admin-review admin-review-hidden' : 'admin-review'}>
      <article aria-labelledby={headingId}>
        <div className="admin-review-head">
          <h2 id={headingId}>{name}</h2>
          {review.hidden && <span className="admin-review-badge">Hidden</span>}
        </div>
        <p className="admin-review-meta">
          <span className="admin-review-stars" role="img" aria-label={ratingLabel(review.rating)}>
            {starsText(review.rating)}
          </span>
          <time dateTime={review.createdAt}>{formatShortDate(new Date(review.createdAt))}</time>
          <Link to={`/admin/orders/${review.relatedOrder}`}>Order {review.orderId}</Link>
        </p>
        {review.product && review.productTitle && (
          <p className="admin-review-product">
            About <Link to={`/admin/products/${review.product}`}>{review.productTitle}</Link>
          </p>
        )}
        {review.text ? <p className="admin-review-text">{review.text}</p> : <p className="admin-review-empty">No comment, rating only.</p>}

        {replying ? (
          <ReplyForm review={review} onSaved={onReplySaved} onCancel={onReplyDone} />
        ) : (
          <>
            {review.reply && (
              <div className="admin-review-reply">
                <p className="admin-review-reply-title">Reply from {shopTitle}</p>
                <p>{review.reply}</p>
              </div>
            )}
            <div className="admin-review-actions">
              <Button ref={replyButton} variant="secondary" onClick={onStartReply} disabled={busy}>
                {review.reply ? 'Edit reply' : 'Reply'}
                {whose}
              </Button>
              <Button variant="ghost" onClick={() => void fetcher.submit({ intent: 'set-hidden', id: review._id, hidden: !review.hidden }, jsonSubmit)}
                disabled={busy}
              >
                {review.hidden ? 'Show on the site' : 'Hide from the site'}
                {whose}
              </Button>
            </div>
          </>
        )}
      </article>
    </li>
  )
}
