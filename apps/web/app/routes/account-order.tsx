import { Link } from 'react-router'
import { listRegions } from '../api/delivery/list-regions'
import { getOrder } from '../api/orders/get-order'
import { listOrderRefunds } from '../api/refunds/list-refunds'
import { StatusPage } from '../components/status-page'
import { NoShop } from '../features/account/components/no-shop'
import { requireUser } from '../lib/auth/guard'
import { OrderDetails } from '../features/orders/components/order-details'
import { OrderReviews } from '../features/reviews/components/order-reviews'
import { cancelOrder, orderIntents } from '../features/orders/order-actions'
import { reviewItem, reviewItemIntents } from '../features/reviews/review-item-action'
import { parseSubmission } from '../lib/submission'
import { api } from '../lib/api'
import { shopOfHost } from '../lib/host-shop'
import { routeMeta } from '../lib/page-meta'
import { isMissing } from '../lib/route-errors'
import { useSite } from '../lib/use-site'
import type { Route } from './+types/account-order'

export { RouteErrorBoundary as ErrorBoundary } from '../components/route-error'

export const meta: Route.MetaFunction = (args) => routeMeta('Order', args)

/** The buyer's writes here: review an item of a delivered order, and cancel it while placed. */
const intents = { ...reviewItemIntents, 'cancel-order': orderIntents['cancel-order'] }

export async function clientAction({ request }: Route.ClientActionArgs) {
  await requireUser(request)
  const submission = await parseSubmission(request, intents)
  if (!submission.ok) return submission
  switch (submission.intent) {
    case 'review-item':
      return reviewItem(submission.value)
    case 'cancel-order':
      return cancelOrder(submission.value)
  }
}

/** The order with the region names; `order` null when this shop has none of the user's at this address. */
export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  await requireUser(request)
  const shop = await shopOfHost(request)
  if (!shop) return null
  try {
    // Without the names the region's code is shown.
    const [order, regions, refunds] = await Promise.all([
      getOrder(api, params.id),
      listRegions(api).catch(() => []),
      // What a canceled order's money became; without it the page still says what is due.
      listOrderRefunds(api, params.id).catch(() => []),
    ])
    return { order: order.shop === shop._id ? order : null, regions, refunds }
  } catch (error) {
    if (isMissing(error)) return { order: null, regions: [], refunds: [] }
    throw error
  }
}
clientLoader.hydrate = true as const

export default function AccountOrder({ loaderData }: Route.ComponentProps) {
  const { shop } = useSite()
  if (!shop || !loaderData) return <NoShop title="Order" />
  const { order, regions, refunds } = loaderData
  if (!order) {
    return (
      <StatusPage code={404} title="Order not found">
        <p>There is no order of yours at this address.</p>
        <p>
          <Link to="/account/orders">See your orders</Link>
        </p>
      </StatusPage>
    )
  }
  return (
    <section aria-labelledby="order-title">
      <p>
        <Link to="/account/orders">← All orders</Link>
      </p>
      <h1 id="order-title">Order {order.orderId}</h1>
      {/* A cancel reloads the order (as every answer of the page's action does), so it shows what the server now holds. */}
      <OrderDetails order={order} regions={regions} refunds={refunds} />
      {order.status === 'delivered' && <OrderReviews order={order} />}
    </section>
  )
}
