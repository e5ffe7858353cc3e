import { formatShortDate, orderSummary } from '@shop/domain'
import { Link } from 'react-router'
import type { Order } from '@shop/domain/schemas/orders'
import { formatMoney } from '../../../lib/money'
import { OrderStatusBadge } from './order-status-badge'

/** One line per order: docs/product.md §9 summary, status label, date and total. */
export function OrderList({ orders }: { orders: Order[] }) {
  return (
    <ul className="order-list">
      {orders.map((order) => (
        <li key={order._id} className="order-row">
          <div>
            <p className="order-row-title">
              <Link to={`/account/orders/${order._id}`}>Order {order.orderId}</Link>
            </p>
            <p className="order-row-summary">{orderSummary(order.items.map((line) => ({ title: line.product.title })))}</p>
            {order.status === 'delivered' && (
              <p className="order-row-review">
                <Link to={`/account/orders/${order._id}#review`}>
                  Review what you bought<span className="visually-hidden"> in order {order.orderId}</span>
                </Link>
              </p>
            )}
          </div>
          <div className="order-row-meta">
            <OrderStatusBadge status={order.status} />
            <time dateTime={order.createdAt}>{formatShortDate(new Date(order.createdAt))}</time>
            <strong>{formatMoney(order.totals.totalInclTax, order.currency)}</strong>
          </div>
        </li>
      ))}
    </ul>
  )
}
