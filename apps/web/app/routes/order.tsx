import { useState } from 'react'
import { Link, useLocation } from 'react-router'
import { StatusPage } from '../components/status-page'
import { requireUser } from '../lib/auth/guard'
import { listRegions } from '../api/delivery/list-regions'
import { ShareLink } from '../features/checkout/components/share-link'
import { getOrder } from '../api/orders/get-order'
import { listOrderRefunds } from '../api/refunds/list-refunds'
import { OrderDetails } from '../features/orders/components/order-details'
import { PaymentOutcome } from '../features/orders/components/payment-outcome'
import { OrderReviews } from '../features/reviews/components/order-reviews'
import { api } from '../lib/api'
import { routeMeta } from '../lib/page-meta'
import { isMissing, notFound } from '../lib/route-errors'
import { useSite } from '../lib/use-site'
import type { Route } from './+types/order'

export { RouteErrorBoundary as ErrorBoundary } from '../components/route-error'

/**
 * An order's page (the confirmation after placing it). A buyer without an account opens it by its private
 * link (`?key=`); everyone else must be logged in as its buyer, so the route guard applies without a key.
 */
export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  const key = new URL(request.url).searchParams.get('key')
  if (!key) await requireUser(request)
  const [order, regions, refunds] = await Promise.all([
    getOrder(api, params.id, key).catch((error: unknown) => {
      if (isMissing(error)) return null
      throw error
    }),
    listRegions(api).catch(() => []),
    // Only a canceled order's page says what happened to the money; without the list it still says what is due.
    listOrderRefunds(api, params.id, { key }).catch(() => []),
  ])
  if (!order) notFound()
  return { order, regions, refunds, accessKey: key }
}

/**
 * The buyer's writes here: review an item of a delivered order, cancel it while placed, pay again after a
 * failed payment. As the loader: a guest's private link (`?key=`) stands for the login; without it, the
 * buyer logs in. The intents' modules load with the first submission, not with this public page (decision 92).
 */
export async function clientAction({ request }: Route.ClientActionArgs) {
  if (!new URL(request.url).searchParams.get('key')) await requireUser(request)
  const [{ parseSubmission }, reviews, orders] = await Promise.all([
    import('../lib/submission'),
    import('../features/reviews/review-item-action'),
    import('../features/orders/order-actions'),
  ])
  const submission = await parseSubmission(request, { ...reviews.reviewItemIntents, ...orders.orderIntents })
  if (!submission.ok) return submission
  switch (submission.intent) {
    case 'review-item':
      return reviews.reviewItem(submission.value)
    case 'cancel-order':
      return orders.cancelOrder(submission.value)
    case 'retry-payment':
      return orders.retryPayment(submission.value)
  }
}

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args.loaderData ? `Order ${args.loaderData.order.orderId}` : 'Your order', args)

export function HydrateFallback() {
  return (
    <p className="loading" role="status">
      Loading your order…
    </p>
  )
}

export default function OrderPage({ loaderData }: Route.ComponentProps) {
  // Another order starts with its own state.
  return <OrderView key={loaderData.order._id} {...loaderData} />
}

function OrderView(loaderData: Route.ComponentProps['loaderData']) {
  const { shop, origin } = useSite()
  const location = useLocation()
  const [order, setOrder] = useState(loaderData.order)
  const params = new URLSearchParams(location.search)
  const payment = params.get('payment')
  // A canceled order is thanked for nothing: its page says what happens to the money instead.
  const canceled = order.status === 'canceled'
  // `placed=1`: the checkout's form placed it before its scripts ran (decision 90).
  const justPlaced = (location.state as { placed?: boolean } | null)?.placed === true || params.get('placed') === '1'
  const placed = !canceled && (justPlaced || payment === 'success')
  if (!shop || order.shop !== shop._id) {
    return (
      <StatusPage code={404} title="Page not found">
        <p>There is nothing at this address.</p>
      </StatusPage>
    )
  }
  const privateUrl = loaderData.accessKey ? `${origin}/orders/${order._id}?key=${loaderData.accessKey}` : null
  return (
    <section aria-labelledby="order-title" className="order-page">
      <h1 id="order-title">{placed ? 'Thank you for your order!' : `Order ${order.orderId}`}</h1>
      {placed && (
        <p className="lead" role="status">
          Your order <strong>{order.orderId}</strong> is placed. The shop will let you know as it moves along.
        </p>
      )}
      {payment && !canceled && (
        <PaymentOutcome outcome={payment} transaction={params.get('transaction')} accessKey={loaderData.accessKey} />
      )}
      {privateUrl ? (
        <ShareLink url={privateUrl} label="Keep this private link to follow your order" />
      ) : (
        <p>
          <Link to="/account/orders">See all your orders</Link>
        </p>
      )}
      <OrderDetails order={order} regions={loaderData.regions} accessKey={loaderData.accessKey} onChange={setOrder} refunds={loaderData.refunds} />
      {order.status === 'delivered' && <OrderReviews order={order} accessKey={loaderData.accessKey} />}
    </section>
  )
}
