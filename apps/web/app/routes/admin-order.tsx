import { type OrderStatus, can, formatDateTime, formatShortDate, orderStatuses } from '@shop/domain'
import { type PaymentMethod, paymentMethods } from '@shop/domain/schemas/payments'
import { Link } from 'react-router'
import { listRegions } from '../api/delivery/list-regions'
import { getOrder } from '../api/orders/get-order'
import { listOrderMessages } from '../api/orders/list-order-messages'
import { resendOrderMessage } from '../api/orders/resend-order-message'
import { updateOrder } from '../api/orders/update-order'
import { listTransactions } from '../api/transactions/list-transactions'
import { recordPayment } from '../api/transactions/record-payment'
import { requireStaff } from '../features/admin/staff-session'
import { useAdmin } from '../features/admin/hooks/use-admin'
import { OrderDetail } from '../features/admin-orders/components/order-detail'
import { OrderStatusActions } from '../features/admin-orders/components/order-status-actions'
import { OrderStatusBadge } from '../features/admin-orders/components/order-status-badge'
import { api } from '../lib/api'
import { routeMeta } from '../lib/page-meta'
import { perform, readSubmission, refuse } from '../lib/route-data'
import { isMissing } from '../lib/route-errors'
import type { Route } from './+types/admin-order'
import styles from '../features/admin-orders/admin-orders.css?url'

export { RouteErrorBoundary as ErrorBoundary } from '../components/route-error'

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: styles }]

export const meta: Route.MetaFunction = (args) => routeMeta('Order', args)

/** The order with its payments and region names, or null when this shop has no such order. */
export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  const { shop } = await requireStaff(request)
  try {
    const [order, transactions, messages, regions] = await Promise.all([
      getOrder(api, params.id),
      listTransactions(api, params.id),
      listOrderMessages(api, params.id),
      // Without the names the region's code is shown.
      listRegions(api).catch(() => []),
    ])
    // Someone on the staff of two shops can read the other's orders, but this dashboard shows its own.
    return order.shop === shop._id ? { order, transactions, messages, regions } : null
  } catch (error) {
    if (isMissing(error)) return null
    throw error
  }
}
clientLoader.hydrate = true as const

/**
 * `move`: the next step or canceled (orders.move; the API refuses a move the status machine does not allow).
 * `record-payment`: a payment the shop received, in full or in part (the API refuses more than the balance).
 * `resend`: one of the order's e-mails or SMS, sent again to the same recipient.
 */
export async function clientAction({ request, params }: Route.ClientActionArgs) {
  await requireStaff(request)
  const submission = await readSubmission(request)
  switch (submission.intent) {
    case 'move': {
      const status = submission.status as OrderStatus
      if (!orderStatuses.includes(status)) return refuse('move', { form: 'Choose a status to move the order to' })
      return perform('move', async () => {
        await updateOrder(api, params.id, status)
        return { status }
      })
    }
    case 'record-payment': {
      const { method, amount, reference } = submission
      if (!paymentMethods.includes(method as PaymentMethod)) return refuse('record-payment', { form: 'Choose how it was paid' })
      if (typeof amount !== 'number' || !(amount > 0)) return refuse('record-payment', { amount: 'Enter the amount received' })
      const input = { order: params.id, method: method as PaymentMethod, amount, ...(typeof reference === 'string' && reference ? { reference } : {}) }
      return perform('record-payment', () => recordPayment(api, input), ['amount', 'reference'])
    }
    case 'resend':
      return perform('resend', () => resendOrderMessage(api, params.id, String(submission.message)))
    default:
      throw new Response(`Unknown intent ${submission.intent}`, { status: 400 })
  }
}

export default function AdminOrder({ loaderData }: Route.ComponentProps) {
  const { role } = useAdmin()

  if (!loaderData) {
    return (
      <section aria-labelledby="order-title">
        <h1 id="order-title">Order not found</h1>
        <p>This shop has no order at this address.</p>
        <p>
          <Link to="/admin/orders">See all orders</Link>
        </p>
      </section>
    )
  }

  const { order, transactions, messages, regions } = loaderData
  return (
    <section aria-labelledby="order-title" className="admin-order">
      <p className="admin-back">
        <Link to="/admin/orders">← All orders</Link>
      </p>
      <header className="order-header">
        <h1 id="order-title">Order {order.orderId}</h1>
        <p className="order-header-facts">
          <OrderStatusBadge status={order.status} />{' '}
          <span>
            Placed <time dateTime={order.createdAt}>{formatShortDate(new Date(order.createdAt))}</time>
          </span>
        </p>
        <p className="order-header-links">
          <Link className="button button-ghost" to={`/admin/orders/${order._id}/print`}>
            Print packing slip and invoice
          </Link>
        </p>
      </header>
      {order.confirmBy && (
        <p className="notice notice-problem">
          Waiting for you to confirm it: unless you move it to Packaged or record a payment, it is canceled and its items go back on sale
          on <time dateTime={order.confirmBy}>{formatDateTime(new Date(order.confirmBy))}</time>.
        </p>
      )}
      {can(role, 'orders.move') && <OrderStatusActions order={order} />}
      <OrderDetail order={order} transactions={transactions} messages={messages} regions={regions} canRecordPayment={can(role, 'orders.move')} />
    </section>
  )
}
