import { type OrderStatus, orderStatusLabels, orderStatuses } from '@shop/domain'
import { Link } from 'react-router'

/** How many orders are in each status, each count leading to the list of those orders. */
export function StatusCounts({ totals, hrefFor }: { totals: Record<OrderStatus, number>; hrefFor: (status: OrderStatus) => string }) {
  return (
    <ul className="status-counts">
      {orderStatuses.map((status) => (
        <li key={status}>
          <Link to={hrefFor(status)} className={`status-count status-count-${status}`}>
            <span className="status-count-number">{totals[status].toLocaleString('en-GH')}</span>{' '}
            <span className="status-count-label">{orderStatusLabels[status]}</span>
          </Link>
        </li>
      ))}
    </ul>
  )
}
