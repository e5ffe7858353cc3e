import { allowedTransitions, formatShortDate } from '@shop/domain'
import { useState } from 'react'
import { useFetcher } from 'react-router'
import type { Region } from '@shop/domain/schemas/delivery'
import type { Order } from '@shop/domain/schemas/orders'
import { OrderLines } from '../../../components/order-lines'
import { TotalsTable } from '../../../components/totals-table'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { jsonSubmit, problemOf, useFetcherDone } from '../../../lib/route-data'
import { pricedRows } from '../../../lib/totals-rows'
import type { CancelOrderAnswer } from '../order-actions'
import { OrderStatusBadge } from './order-status-badge'
import { OrderTimeline } from '../../../components/order-timeline'
import type { Refund } from '@shop/domain/schemas/refunds'
import { CanceledMoney } from './canceled-money'
import { buyerDeliveryWords, buyerPaymentWords } from '../../../lib/order-words'
import { PickupPlace } from '../../../components/delivery-fields'
import { useSite } from '../../../lib/use-site'
import { whatsAppUrl } from '../../../lib/whatsapp'

type Props = {
  order: Order
  regions: Region[]
  /** The private link's key, for a buyer without an account. */
  accessKey?: string | null
  /** The order as a cancel left it, for a page that keeps it in its own state. */
  onChange?: (order: Order) => void
  headingLevel?: 2 | 3
  /** The order's refunds, to say what happens to the money of a canceled order. */
  refunds?: readonly Refund[]
}

/**
 * An order for its buyer: status, items, delivery, totals, timeline, and cancel while placed. Cancel asks
 * first, then submits the page's `cancel-order` intent (with the private link's key for a guest).
 */
export function OrderDetails({ order, regions, accessKey, onChange, headingLevel = 2, refunds = [] }: Props) {
  const [asking, setAsking] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const cancel = useFetcher<CancelOrderAnswer>()
  const busy = cancel.state !== 'idle'
  const Heading = `h${headingLevel}` as const
  // The shop the order is from says where to pick it up; on another shop's site, it says nothing of it.
  const site = useSite().shop
  const shop = site && site._id === order.shop ? site : null
  const region = regions.find((candidate) => candidate._id === order.delivery.region)?.name ?? order.delivery.region
  const cancelable = allowedTransitions(order.status, order.delivery.type, 'shopper').includes('canceled')
  const whatsApp = shop?.whatsapp ? whatsAppUrl(shop.whatsapp, `Hello, about my order ${order.orderId}`) : null

  useFetcherDone(cancel, (answer) => {
    setAsking(false)
    if (answer.ok) onChange?.(answer.data)
    else setError(problemOf(answer.errors))
  })

  function confirmCancel() {
    setError(null)
    void cancel.submit({ intent: 'cancel-order', id: order._id, ...(accessKey ? { key: accessKey } : {}) }, jsonSubmit)
  }

  return (
    <div className="order-details">
      <CanceledMoney order={order} refunds={refunds} />
      <dl className="order-facts">
        <div>
          <dt>Order number</dt>
          <dd>
            <strong>{order.orderId}</strong>
          </dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>
            <OrderStatusBadge status={order.status} />
          </dd>
        </div>
        <div>
          <dt>Placed</dt>
          <dd>
            <time dateTime={order.createdAt}>{formatShortDate(new Date(order.createdAt))}</time>
          </dd>
        </div>
        <div>
          <dt>Delivery</dt>
          <dd>
            {order.delivery.type === 'pick-up' && shop ? <PickupPlace shop={shop} /> : buyerDeliveryWords(order, region)}
            {order.delivery.address && <span className="block">{order.delivery.address}</span>}
            {order.sharedDelivery && <span className="block hint">Delivered as the person who shared the checkout chose.</span>}
          </dd>
        </div>
        <div>
          <dt>Payment</dt>
          <dd>{buyerPaymentWords(order)}</dd>
        </div>
      </dl>
      {whatsApp && (
        <p className="order-contact">
          Questions about this order?{' '}
          <a className="whatsapp-chat" href={whatsApp} target="_blank" rel="noopener noreferrer">
            WhatsApp the shop
          </a>
        </p>
      )}
      <Heading>Items</Heading>
      <OrderLines lines={order.items} currency={order.currency} />
      <TotalsTable rows={pricedRows(order, 'order')} currency={order.currency} />
      {order.timeline && order.timeline.length > 0 && (
        <>
          <Heading>History</Heading>
          <OrderTimeline timeline={order.timeline} />
        </>
      )}
      {error && <Alert onDismiss={() => setError(null)}>{error}</Alert>}
      {cancelable && (
        <p>
          <Button variant="secondary" onClick={() => setAsking(true)} disabled={busy} aria-busy={busy || undefined}>
            Cancel order
          </Button>
        </p>
      )}
      <ConfirmDialog
        open={asking}
        title={`Cancel order ${order.orderId}?`}
        confirmLabel="Cancel the order"
        cancelLabel="Keep it"
        danger
        busy={busy}
        onConfirm={confirmCancel}
        onCancel={() => setAsking(false)}
      >
        <p>The shop will not prepare it. This cannot be undone.</p>
      </ConfirmDialog>
    </div>
  )
}
