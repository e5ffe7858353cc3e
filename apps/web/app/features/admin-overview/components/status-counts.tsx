import { type OrderStatus, orderStatusLabels, orderStatuses } from '@shop/domain'
import { Link } from 'react-router'
import { LoadError } from '../../../components/load-error'
import { useApiData } from '../../../lib/use-api-data'
import { api } from '../../../lib/api'
import { countOrdersByStatus } from '../count-orders-by-status'

/** How many orders are in each status, each count leading to the list of those orders. */
export function StatusCounts({ shopId, hrefFor }: { shopId: string; hrefFor: (status: OrderStatus) => string }) {
  const counts = useApiData(`${shopId}/status-counts`, () => countOrdersByStatus(api, shopId))
  if (counts.error && !counts.data) return <LoadError error={counts.error} onRetry={counts.reload} />
  if (!counts.data) {
    return (
      <p className="loading" role="status">
        Counting orders…
      </p>
    )
  }
  const totals = counts.data
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
