import { formatDateTime, orderStatusLabels } from '@shop/domain'
import { Link } from 'react-router'
import { listRegions } from '../api/delivery/list-regions'
import { getOrder } from '../api/orders/get-order'
import { listTransactions } from '../api/transactions/list-transactions'
import { TotalsTable } from '../components/totals-table'
import { Button } from '../components/ui/button'
import { requireStaff } from '../lib/auth/staff-session'
import { OrderItemsTable } from '../features/admin-orders/components/order-items-table'
import { PaymentFacts } from '../features/admin-orders/components/payment-facts'
import { api } from '../lib/api'
import { routeMeta } from '../lib/page-meta'
import { isMissing } from '../lib/route-errors'
import { pricedRows } from '../lib/totals-rows'
import type { Route } from './+types/admin-order-print'
import styles from '../features/admin-orders/admin-orders.css?url'

export { RouteErrorBoundary as ErrorBoundary } from '../components/route-error'

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: styles }]

export const meta: Route.MetaFunction = (args) => routeMeta('Packing slip and invoice', args)

/** The order, its payments and the region names, with the shop that prints it; null for another shop's order. */
export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  const { shop } = await requireStaff(request)
  try {
    const [order, transactions, regions] = await Promise.all([getOrder(api, params.id), listTransactions(api, params.id), listRegions(api).catch(() => [])])
    return order.shop === shop._id ? { shop, order, transactions, regions } : null
  } catch (error) {
    if (isMissing(error)) return null
    throw error
  }
}
clientLoader.hydrate = true as const

/**
 * One sheet to print for an order: the shop (logo, name, its pick-up address, its contact from the About
 * page's contact section, its WhatsApp number), the order's date in full, the buyer and the delivery, the items to
 * pack, the totals and what is paid and due. On screen it has a Print button; on paper only the sheet.
 */
export default function AdminOrderPrint({ loaderData }: Route.ComponentProps) {
  if (!loaderData) {
    return (
      <section aria-labelledby="print-title">
        <h1 id="print-title">Order not found</h1>
        <p>
          <Link to="/admin/orders">See all orders</Link>
        </p>
      </section>
    )
  }
  const { shop, order, transactions, regions } = loaderData
  const { delivery } = order
  const region = regions.find((candidate) => candidate._id === delivery.region)?.name ?? delivery.region
  const contact = shop.aboutSections.contact.trim()
  // Where buyers collect their orders is where the shop is: said under its name while it offers pick-up, and
  // on a pick-up order in any case.
  const pickupAddress = shop.pickupAddress.trim()

  return (
    <article className="print-sheet" aria-labelledby="print-title">
      <div className="admin-header no-print">
        <Link to={`/admin/orders/${order._id}`}>← Back to order {order.orderId}</Link>
        <Button onClick={() => window.print()}>Print</Button>
      </div>
      <header className="print-head">
        <div className="print-shop">
          {shop.logo && <img src={shop.logo.url} alt="" className="print-logo" />}
          <div>
            <p className="print-shop-name">{shop.title}</p>
            {shop.offersPickup && pickupAddress && <p className="print-shop-contact">{pickupAddress}</p>}
            {contact && <p className="print-shop-contact">{contact}</p>}
            {shop.whatsapp && <p className="print-shop-contact">Phone and WhatsApp: {shop.whatsapp}</p>}
          </div>
        </div>
        <div className="print-order">
          <h1 id="print-title">Invoice and packing slip</h1>
          <p>
            Order <strong>{order.orderId}</strong>
          </p>
          <p>
            Date: <time dateTime={order.createdAt}>{formatDateTime(new Date(order.createdAt))}</time>
          </p>
          <p>Status: {orderStatusLabels[order.status]}</p>
        </div>
      </header>

      <div className="print-parties">
        <section aria-labelledby="print-customer">
          <h2 id="print-customer">Customer</h2>
          <p>{order.customerName || 'Name not given'}</p>
          {order.phone && <p>{order.phone}</p>}
          {order.email && <p>{order.email}</p>}
        </section>
        <section aria-labelledby="print-delivery">
          <h2 id="print-delivery">{delivery.type === 'pick-up' ? 'Pick-up' : 'Delivery'}</h2>
          {delivery.type === 'pick-up' ? (
            <>
              <p>{pickupAddress ? `At ${pickupAddress}` : 'At the shop'}</p>
              {pickupAddress && shop.pickupHours && <p>Open: {shop.pickupHours}</p>}
            </>
          ) : (
            <>
              <p className="prose">{delivery.address || 'Address not given'}</p>
              {region && <p>{region}</p>}
              {delivery.rate && <p>{delivery.rate.name}</p>}
              {delivery.phone && <p>Phone for the rider: {delivery.phone}</p>}
            </>
          )}
        </section>
      </div>

      <section aria-labelledby="print-items">
        <h2 id="print-items">Items</h2>
        <OrderItemsTable lines={order.items} currency={order.currency} />
        <TotalsTable rows={pricedRows(order, 'order')} currency={order.currency} label="Totals" />
      </section>

      <section aria-labelledby="print-payment" className="print-payment">
        <h2 id="print-payment">Payment</h2>
        <dl className="order-facts-list">
          <PaymentFacts order={order} transactions={transactions} />
        </dl>
      </section>
    </article>
  )
}
