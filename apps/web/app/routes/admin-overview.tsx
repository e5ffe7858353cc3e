import { Link, useSearchParams } from 'react-router'
import { LoadError } from '../components/load-error'
import { useAdmin } from '../features/admin/hooks/use-admin'
import { listOrders } from '../api/orders/list-orders'
import { OrdersTable } from '../features/admin-orders/components/orders-table'
import { noOrderFilters, ordersHref, toOrderQuery } from '../features/admin-orders/order-filters'
import { parseChartRange } from '../features/admin-overview/chart-days'
import { OverviewCharts } from '../features/admin-overview/components/overview-charts'
import { RangeToggle } from '../features/admin-overview/components/range-toggle'
import { StatusCounts } from '../features/admin-overview/components/status-counts'
import { routeMeta } from '../lib/page-meta'
import { useApiData } from '../lib/use-api-data'
import { api } from '../lib/api'
import type { Route } from './+types/admin-overview'
import ordersStyles from '../features/admin-orders/admin-orders.css?url'
import styles from '../features/admin-overview/admin-overview.css?url'

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: styles },
  { rel: 'stylesheet', href: ordersStyles },
]

export const meta: Route.MetaFunction = (args) => routeMeta('Overview', args)

const RECENT_ORDERS = 5

export default function AdminOverview() {
  const { shop } = useAdmin()
  const [params, setParams] = useSearchParams()
  const range = parseChartRange(params.get('days'))
  const recent = useApiData(`${shop._id}/recent`, () => listOrders(api, toOrderQuery(noOrderFilters, shop._id, RECENT_ORDERS)))

  return (
    <div className="admin-overview">
      <h1>Overview</h1>
      <section aria-labelledby="activity-title" className="overview-section">
        <div className="section-head">
          <h2 id="activity-title">Visits and sales</h2>
          <RangeToggle value={range} onChange={(days) => setParams(days === 30 ? { days: '30' } : {}, { replace: true })} />
        </div>
        <OverviewCharts shopId={shop._id} range={range} />
      </section>
      <section aria-labelledby="status-counts-title" className="overview-section">
        <h2 id="status-counts-title">Orders by status</h2>
        <StatusCounts shopId={shop._id} hrefFor={(status) => ordersHref({ status })} />
      </section>
      <section aria-labelledby="recent-orders-title" className="overview-section">
        <div className="section-head">
          <h2 id="recent-orders-title">Recent orders</h2>
          <Link to="/admin/orders">All orders</Link>
        </div>
        {recent.error && !recent.data ? (
          <LoadError error={recent.error} onRetry={recent.reload} />
        ) : !recent.data ? (
          <p className="loading" role="status">
            Loading recent orders…
          </p>
        ) : recent.data.data.length === 0 ? (
          <p className="empty">No orders yet.</p>
        ) : (
          <OrdersTable orders={recent.data.data} caption="Recent orders" />
        )}
      </section>
    </div>
  )
}
