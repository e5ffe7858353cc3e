import { can, refusalMessage } from '@shop/domain'
import { Link, redirect } from 'react-router'
import { listRegions } from '../api/delivery/list-regions'
import { placeOrder } from '../api/orders/place-order'
import { recordPayment } from '../api/transactions/record-payment'
import { useAdmin } from '../lib/use-admin'
import { requireStaff } from '../lib/auth/staff-session'
import { NewOrderForm } from '../features/admin-orders/components/new-order-form'
import { PLACE_ORDER_FIELDS } from '../features/admin-orders/new-order-problems'
import { PlaceOrderSubmission } from '../features/admin-orders/order-submissions'
import { api } from '../lib/api'
import { routeMeta } from '../lib/page-meta'
import { perform, refuse } from '../lib/route-data'
import { parseSubmission } from '../lib/submission'
import type { Route } from './+types/admin-order-new'
import styles from '../features/admin-orders/admin-orders.css?url'

export { RouteErrorBoundary as ErrorBoundary } from '../components/route-error'

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: styles }]

export const meta: Route.MetaFunction = (args) => routeMeta('New order', args)

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const { role } = await requireStaff(request)
  if (!can(role, 'orders.enter')) throw redirect('/admin/orders')
  return { regions: await listRegions(api) }
}
clientLoader.hydrate = true as const

/**
 * `place-order`: the order staff entered, for its buyer (decision 61), then the payment received now if
 * it was paid at once (the whole balance unless an amount was given). The order's page comes next; a
 * payment that could not be recorded is recorded there.
 */
const intents = { 'place-order': PlaceOrderSubmission }

export async function clientAction({ request }: Route.ClientActionArgs) {
  const { shop, role } = await requireStaff(request)
  const submission = await parseSubmission(request, intents)
  if (!submission.ok) return submission
  const { email, idempotencyKey, paidNow, ...input } = submission.value
  const needed = input.adjustment ? 'orders.discount' : 'orders.enter'
  if (!can(role, needed)) return refuse('place-order', { form: refusalMessage(needed) })
  const placed = await perform('place-order', () => placeOrder(api, { shop: shop._id, ...(email ? { email } : {}) }, input, idempotencyKey), PLACE_ORDER_FIELDS)
  if (!placed.ok) return placed
  const order = placed.data
  if (paidNow && order.balance > 0) {
    const amount = paidNow.amount ?? order.balance
    await recordPayment(api, { order: order._id, method: paidNow.method, amount }).catch(() => null)
  }
  throw redirect(`/admin/orders/${order._id}`)
}

export default function AdminOrderNew({ loaderData }: Route.ComponentProps) {
  const { shop, role } = useAdmin()
  return (
    <section aria-labelledby="new-order-title" className="admin-new-order">
      <p className="back-link">
        <Link to="/admin/orders">Back to orders</Link>
      </p>
      <h1 id="new-order-title">New order</h1>
      <p className="hint">For an order a customer sent on WhatsApp, by phone, at the counter or on social media.</p>
      <NewOrderForm shop={shop} regions={loaderData.regions} canDiscount={can(role, 'orders.discount')} />
    </section>
  )
}
