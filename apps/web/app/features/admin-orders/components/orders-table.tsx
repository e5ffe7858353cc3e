import { formatShortDate, orderSummary } from '@shop/domain'
import { Link } from 'react-router'
import type { Order } from '@shop/domain/schemas/orders'
import { formatMoney } from '../../../lib/money'
import { OrderStatusBadge } from './order-status-badge'

/** Orders as table rows: number (to the detail page), date, customer, SPEC §9 summary, total and status. */
export function OrdersTable({ orders, caption }: { orders: Order[]; caption: string }) {
  return (
    <div className="admin-table-wrap">
      <table className="admin-table orders-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Order</th>
            <th scope="col">Date</th>
            <th scope="col">Customer</th>
            <th scope="col">Items</th>
            <th scope="col" className="orders-table-amount">
              Total
            </th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => {
            const summary = orderSummary(order.items.map((line) => ({ title: line.product.title })))
            return (
              <tr key={order._id}>
                <th scope="row">
                  <Link to={`/admin/orders/${order._id}`} aria-label={`Order ${order.orderId}`}>
                    {order.orderId}
                  </Link>
                </th>
                <td>
                  <time dateTime={order.createdAt}>{formatShortDate(new Date(order.createdAt))}</time>
                </td>
                <td className="orders-table-long" title={order.email}>
                  {order.email}
                </td>
                <td className="orders-table-long" title={summary}>
                  {summary}
                </td>
                <td className="orders-table-amount">{formatMoney(order.totals.total, order.currency)}</td>
                <td>
                  <OrderStatusBadge status={order.status} />
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
