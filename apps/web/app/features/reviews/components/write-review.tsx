import { orderSummary } from '@shop/domain'
import { useId, useState } from 'react'
import type { User } from '@shop/domain/schemas/auth'
import { LoadError } from '../../../components/load-error'
import { api } from '../../../lib/api'
import { useApiData } from '../../../lib/use-api-data'
import { listOrders } from '../../../api/orders/list-orders'
import { listReviews } from '../../../api/reviews/list-reviews'
import { ReviewForm } from './review-form'

/**
 * The user's delivered orders here that they have not reviewed yet, each a line with "Write a review"
 * that opens its form; one form is open at a time, so ten orders waiting stay ten short lines.
 */
export function WriteReview({ user, shopId }: { user: User; shopId: string }) {
  const [open, setOpen] = useState<string | null>(null)
  const [posted, setPosted] = useState<string | null>(null)
  const baseId = useId()
  const pending = useApiData(`${shopId}/${user._id}`, async () => {
    const delivered = await listOrders(api, {
      profile: user._id,
      shop: shopId,
      status: 'delivered',
      $sort: { createdAt: -1 },
      $limit: 50,
    })
    if (delivered.data.length === 0) return []
    const reviewed = await listReviews(api, {
      shop: shopId,
      hidden: false,
      relatedOrder: { $in: delivered.data.map((order) => order._id) },
      $limit: 50,
    })
    const done = new Set(reviewed.data.map((review) => review.relatedOrder))
    return delivered.data.filter((order) => !done.has(order._id))
  })

  if (pending.error) return <LoadError error={pending.error} onRetry={pending.reload} />
  if (!pending.data) return <p className="loading">Looking for orders to review…</p>
  return (
    <>
      {posted && (
        <p className="review-posted" role="status">
          Thank you! Your review of order {posted} is posted.
        </p>
      )}
      {pending.data.length === 0 ? (
        !posted && <p className="hint">Once an order of yours is delivered, you can review it here.</p>
      ) : (
        <ul className="review-targets">
          {pending.data.map((order) => {
            const expanded = open === order._id
            const formId = `${baseId}-${order._id}`
            const summary = orderSummary(order.items.map((line) => ({ title: line.product.title })))
            return (
              <li key={order._id} className="review-target">
                <div className="review-target-head">
                  <p className="review-target-order">
                    <strong>Order {order.orderId}</strong> <span>{summary}</span>
                  </p>
                  <button
                    type="button"
                    className={expanded ? 'button button-ghost' : 'button button-secondary'}
                    aria-expanded={expanded}
                    aria-controls={formId}
                    onClick={() => setOpen(expanded ? null : order._id)}
                  >
                    {expanded ? 'Close' : 'Write a review'}
                    <span className="visually-hidden"> of order {order.orderId}</span>
                  </button>
                </div>
                <div id={formId} hidden={!expanded}>
                  {expanded && (
                    <ReviewForm
                      orderId={order._id}
                      title={`order ${order.orderId}`}
                      onDone={() => {
                        setOpen(null)
                        setPosted(order.orderId)
                        // The page's action has read its reviews again; this list is the browser's own.
                        pending.setData(pending.data!.filter((candidate) => candidate._id !== order._id))
                      }}
                    />
                  )}
                </div>
              </li>
            )
          })}
        </ul>
      )}
    </>
  )
}
