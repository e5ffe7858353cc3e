import { formatShortDate, orderSummary } from '@shop/domain'
import { Link } from 'react-router'
import type { Order } from '@shop/domain/schemas/orders'
import { formatMoney } from '../../../lib/money'
import { OrderSourceBadge } from './order-source-badge'
import { OrderStatusBadge } from './order-status-badge'
import { PaymentStateBadge } from './payment-state-badge'

/** Which orders are ticked for a bulk action, and how to tick them. */
export type OrderSelection = {
  selected: ReadonlySet<string>
  onToggle: (id: string, on: boolean) => void
  onToggleAll: (on: boolean) => void
}

type Props = { orders: Order[]; caption: string; selection?: OrderSelection }

/** Who ordered, as staff know them: the name given, else the e-mail, else the phone (decision 62). */
export function customerWords(order: Pick<Order, 'customerName' | 'email' | 'phone'>): string {
  return order.customerName || order.email || order.phone
}

/**
 * Orders as table rows (number to the detail page, date, customer, docs/product.md §9 summary, what the buyer owes
 * with tax, status and payment) from 768px up, and as cards (number, customer, total, status, payment,
 * date) on a phone, so nothing is cut off. Only
 * one of the two shows (admin-orders.css); with `selection`, each has a box to tick it for a bulk action.
 */
export function OrdersTable({ orders, caption, selection }: Props) {
  const allOn = selection !== undefined && orders.length > 0 && orders.every((order) => selection.selected.has(order._id))
  const tick = (order: Order) =>
    selection && (
      <input
        type="checkbox"
        className="order-select"
        aria-label={`Select order ${order.orderId}`}
        checked={selection.selected.has(order._id)}
        onChange={(event) => selection.onToggle(order._id, event.target.checked)}
      />
    )

  return (
    <>
      <div className="admin-table-wrap orders-wide">
        <table className="admin-table orders-table">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {selection && (
                <th scope="col" className="orders-table-select">
                  <input
                    type="checkbox"
                    className="order-select"
                    aria-label="Select every order on this page"
                    checked={allOn}
                    onChange={(event) => selection.onToggleAll(event.target.checked)}
                  />
                </th>
              )}
              <th scope="col">Order</th>
              <th scope="col">Date</th>
              <th scope="col">Customer</th>
              <th scope="col">Items</th>
              <th scope="col" className="orders-table-amount">
                Total
              </th>
              <th scope="col">Status</th>
              <th scope="col">Payment</th>
            </tr>
          </thead>
          <tbody>
            {orders.map((order) => {
              const summary = orderSummary(order.items.map((line) => ({ title: line.product.title })))
              const customer = customerWords(order)
              return (
                <tr key={order._id}>
                  {selection && <td className="orders-table-select">{tick(order)}</td>}
                  <th scope="row">
                    <Link to={`/admin/orders/${order._id}`} aria-label={`Order ${order.orderId}`}>
                      {order.orderId}
                    </Link>{' '}
                    <OrderSourceBadge source={order.source} />
                  </th>
                  <td>
                    <time dateTime={order.createdAt}>{formatShortDate(new Date(order.createdAt))}</time>
                  </td>
                  <td className="orders-table-long" title={customer}>
                    {customer}
                  </td>
                  <td className="orders-table-long" title={summary}>
                    {summary}
                  </td>
                  <td className="orders-table-amount">{formatMoney(order.totals.totalInclTax, order.currency)}</td>
                  <td>
                    <OrderStatusBadge status={order.status} />
                  </td>
                  <td>
                    <PaymentStateBadge state={order.paymentState} />
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
      <div className="orders-narrow">
        {selection && (
          <label className="order-select-all">
            <input type="checkbox" className="order-select" checked={allOn} onChange={(event) => selection.onToggleAll(event.target.checked)} />
            Select every order on this page
          </label>
        )}
        <ul className="order-cards" aria-label={caption}>
          {orders.map((order) => (
            <li key={order._id} className="order-card">
              {tick(order)}
              <div className="order-card-body">
                <p className="order-card-top">
                  <Link to={`/admin/orders/${order._id}`} className="order-card-number" aria-label={`Order ${order.orderId}`}>
                    {order.orderId}
                  </Link>
                  <strong>{formatMoney(order.totals.totalInclTax, order.currency)}</strong>
                </p>
                <p className="order-card-customer">{customerWords(order)}</p>
                <p className="order-card-bottom">
                  <OrderSourceBadge source={order.source} />
                  <OrderStatusBadge status={order.status} />
                  <PaymentStateBadge state={order.paymentState} />
                  <time dateTime={order.createdAt}>{formatShortDate(new Date(order.createdAt))}</time>
                </p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </>
  )
}
