import { type Permission, can, formatDateTime, formatShortDate, refusalMessage } from '@shop/domain'
import type { Refund } from '@shop/domain/schemas/refunds'
import { Link } from 'react-router'
import { listRegions } from '../api/delivery/list-regions'
import { getOrder } from '../api/orders/get-order'
import { listOrderMessages } from '../api/orders/list-order-messages'
import { resendOrderMessage } from '../api/orders/resend-order-message'
import { sendPayLink } from '../api/orders/send-pay-link'
import { sendPaymentReminder } from '../api/orders/send-payment-reminder'
import { updateOrder } from '../api/orders/update-order'
import { editOrder } from '../api/orders/edit-order'
import { listTransactions } from '../api/transactions/list-transactions'
import { recordPayment } from '../api/transactions/record-payment'
import { createRefund } from '../api/refunds/create-refund'
import { listOrderRefunds } from '../api/refunds/list-refunds'
import { requireStaff } from '../lib/auth/staff-session'
import { useAdmin } from '../lib/use-admin'
import { OrderDetail } from '../features/admin-orders/components/order-detail'
import { OrderEditForm } from '../features/admin-orders/components/order-edit-form'
import { OrderStatusActions } from '../features/admin-orders/components/order-status-actions'
import { OrderStatusBadge } from '../features/admin-orders/components/order-status-badge'
import { PayLinkPanel } from '../features/admin-orders/components/pay-link-panel'
import { type RefundSubmission, orderPageIntents } from '../features/admin-orders/order-submissions'
import { api, errorMessage } from '../lib/api'
import { routeMeta } from '../lib/page-meta'
import { perform, refuse } from '../lib/route-data'
import { type Submission, parseSubmission } from '../lib/submission'
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
    const [order, transactions, messages, regions, refunds] = await Promise.all([
      getOrder(api, params.id),
      listTransactions(api, params.id),
      listOrderMessages(api, params.id),
      // Without the names the region's code is shown.
      listRegions(api).catch(() => []),
      listOrderRefunds(api, params.id, { shop: shop._id }).catch((error: unknown) => {
        // Another shop's order is not found among this shop's refunds: the check below says so.
        if (isMissing(error)) return []
        throw error
      }),
    ])
    // Someone on the staff of two shops can read the other's orders, but this dashboard shows its own.
    return order.shop === shop._id ? { order, transactions, messages, regions, refunds } : null
  } catch (error) {
    if (isMissing(error)) return null
    throw error
  }
}
clientLoader.hydrate = true as const

/**
 * `move`: the next step or canceled (orders.move; the API refuses a move the status machine does not allow,
 * and delivered with a balance due unless `deliveredUnpaid` carries the staff's confirmation);
 * a cancel may carry `refund` (what was paid, given back in the same step: the order is canceled first,
 * then the refund is made, and a refund the API refuses is said with the order already canceled).
 * `refund`: money back, items back on sale, or both (orders.refund: managers and up).
 * `record-payment`: a payment the shop received, in full or in part (the API refuses more than the balance).
 * `resend`: one of the order's e-mails or SMS, sent again to the same recipient.
 * `edit-order`: new lines, delivery or manual discount (orders.move; the discount for managers and up); with
 * `preview`, the order as the edit would make it, nothing changed.
 * `pay-link`: the pay link sent by SMS or e-mail, or shared by WhatsApp or copied on this phone (noted).
 * `remind`: a reminder to pay what is due, by SMS and e-mail.
 */
const intents = orderPageIntents

export async function clientAction({ request, params }: Route.ClientActionArgs) {
  const { role } = await requireStaff(request)
  const submission = await parseSubmission(request, intents)
  if (!submission.ok) return submission
  const needed = permissionFor(submission)
  if (!can(role, needed)) return refuse(submission.intent, { form: refusalMessage(needed) })
  switch (submission.intent) {
    case 'move': {
      const { status, deliveredUnpaid = false, refund } = submission.value
      const refundInput = status === 'canceled' && refund ? { order: params.id, ...trimmedRefund(refund) } : null
      const moved = await perform('move', async () => {
        await updateOrder(api, params.id, status, null, { deliveredUnpaid })
        return { status, refunded: null as Refund | null }
      })
      if (!moved.ok || !refundInput) return moved
      return perform('move', async () => ({ status, refunded: await createRefund(api, refundInput) }), (error) => ({
        form: `The order is canceled, but the refund was not made: ${errorMessage(error)} Use Refund or return on the order.`,
      }))
    }
    case 'refund': {
      const input = { order: params.id, ...trimmedRefund(submission.value) }
      return perform('refund', () => createRefund(api, input), ['amount', 'reason', 'reference', 'restock', 'method'])
    }
    case 'record-payment': {
      const input = { order: params.id, ...submission.value }
      return perform('record-payment', () => recordPayment(api, input), ['amount', 'reference'])
    }
    case 'resend':
      return perform('resend', () => resendOrderMessage(api, params.id, submission.value.message))
    case 'pay-link':
      return perform('pay-link', () => sendPayLink(api, params.id, submission.value.channel))
    case 'remind':
      return perform('remind', () => sendPaymentReminder(api, params.id))
    case 'edit-order': {
      const input = submission.value
      return perform('edit-order', async () => ({ order: await editOrder(api, params.id, input), preview: input.preview }), ['items', 'delivery', 'adjustment'])
    }
  }
}

/**
 * Who may do what on an order's page (decision 114): refunds, a cancel that refunds and a manual discount
 * are for managers and up; the rest for whoever moves orders.
 */
function permissionFor(submission: Extract<Submission<typeof intents>, { ok: true }>): Permission {
  switch (submission.intent) {
    case 'refund':
      return 'orders.refund'
    case 'move':
      return submission.value.refund ? 'orders.refund' : 'orders.move'
    case 'edit-order':
      return submission.value.adjustment !== undefined ? 'orders.discount' : 'orders.move'
    default:
      return 'orders.move'
  }
}

/** The refund as the API keeps it: the reason and the reference without stray spaces. */
function trimmedRefund({ reference, ...refund }: RefundSubmission): RefundSubmission {
  const kept = reference?.trim()
  return { ...refund, reason: refund.reason.trim(), ...(kept ? { reference: kept } : {}) }
}

export default function AdminOrder({ loaderData }: Route.ComponentProps) {
  const { role, shop } = useAdmin()

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

  const { order, transactions, messages, regions, refunds } = loaderData
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
      {can(role, 'orders.move') && <OrderEditForm order={order} regions={regions} shop={shop} canDiscount={can(role, 'orders.discount')} />}
      {can(role, 'orders.move') && <OrderStatusActions order={order} canRefund={can(role, 'orders.refund')} />}
      {can(role, 'orders.move') && order.payLink && <PayLinkPanel order={{ ...order, payLink: order.payLink }} shopTitle={shop.title} />}
      <OrderDetail
        order={order}
        transactions={transactions}
        messages={messages}
        regions={regions}
        canRecordPayment={can(role, 'orders.move')}
        refunds={refunds}
        canRefund={can(role, 'orders.refund')}
        pickupAddress={shop.pickupAddress}
      />
    </section>
  )
}
