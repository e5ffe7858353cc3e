import { orderSummary } from '@shop/domain'
import { useRevalidator } from 'react-router'
import type { User } from '@shop/domain/schemas/auth'
import { LoadError } from '../../../components/load-error'
import { api } from '../../../lib/api'
import { useApiData } from '../../../lib/use-api-data'
import { listOrders } from '../../../api/orders/list-orders'
import { listReviews } from '../../../api/reviews/list-reviews'
import { ReviewForm } from './review-form'

/** The user's delivered orders here that they have not reviewed yet, each with a review form. */
export function WriteReview({ user, shopId }: { user: User; shopId: string }) {
  const revalidator = useRevalidator()
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
  if (pending.data.length === 0) {
    return <p className="hint">Once an order of yours is delivered, you can review it here.</p>
  }
  return (
    <ul className="review-targets">
      {pending.data.map((order) => {
        const title = `order ${order.orderId}`
        return (
          <li key={order._id} className="panel">
            <h3>
              Order {order.orderId}: {orderSummary(order.items.map((line) => ({ title: line.product.title })))}
            </h3>
            <ReviewForm
              orderId={order._id}
              title={title}
              onDone={() => {
                pending.setData(pending.data!.filter((candidate) => candidate._id !== order._id))
                void revalidator.revalidate()
              }}
            />
          </li>
        )
      })}
    </ul>
  )
}
