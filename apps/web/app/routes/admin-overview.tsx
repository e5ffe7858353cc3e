import { Link, useNavigation, useRevalidator, useSearchParams } from 'react-router'
import { getSales } from '../api/analytics/get-sales'
import { getShopOverview } from '../api/analytics/get-shop-overview'
import { getVisits } from '../api/analytics/get-visits'
import { listOrders } from '../api/orders/list-orders'
import { LoadError } from '../components/load-error'
import { requireStaff } from '../lib/auth/staff-session'
import { OrdersTable } from '../features/admin-orders/components/orders-table'
import { noOrderFilters, ordersHref, toOrderQuery } from '../features/admin-orders/order-filters'
import { lastDays, parseChartRange } from '../features/admin-overview/chart-days'
import { OverviewCharts } from '../features/admin-overview/components/overview-charts'
import { PeriodFigures } from '../features/admin-overview/components/period-figures'
import { RangeToggle } from '../features/admin-overview/components/range-toggle'
import { StatusCounts } from '../features/admin-overview/components/status-counts'
import { TodoPanel } from '../features/admin-overview/components/todo-panel'
import { TopProducts } from '../features/admin-overview/components/top-products'
import { countOrdersByStatus } from '../features/admin-overview/count-orders-by-status'
import { api } from '../lib/api'
import { routeMeta } from '../lib/page-meta'
import { settle } from '../lib/route-data'
import type { Route } from './+types/admin-overview'
import ordersStyles from '../features/admin-orders/admin-orders.css?url'
import styles from '../features/admin-overview/admin-overview.css?url'

export { RouteErrorBoundary as ErrorBoundary } from '../components/route-error'

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: styles },
  { rel: 'stylesheet', href: ordersStyles },
]

export const meta: Route.MetaFunction = (args) => routeMeta('Overview', args)

const RECENT_ORDERS = 5

/** Each section loads on its own: one that fails shows its error, the others still show. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const { shop } = await requireStaff(request)
  const days = lastDays(parseChartRange(new URL(request.url).searchParams.get('days')))
  const [overview, charts, counts, recent] = await Promise.all([
    settle(getShopOverview(api, shop._id, days)),
    settle(Promise.all([getVisits(api, shop._id, days), getSales(api, shop._id, days)])),
    settle(countOrdersByStatus(api, shop._id)),
    settle(listOrders(api, toOrderQuery(noOrderFilters, shop._id, RECENT_ORDERS))),
  ])
  return { overview, charts, counts, recent }
}
clientLoader.hydrate = true as const

export default function AdminOverview({ loaderData }: Route.ComponentProps) {
  const { overview, charts, counts, recent } = loaderData
  const [params, setParams] = useSearchParams()
  const range = parseChartRange(params.get('days'))
  const navigation = useNavigation()
  const revalidator = useRevalidator()
  const retry = () => void revalidator.revalidate()
  const changingRange = navigation.state === 'loading' && navigation.location.pathname === '/admin/overview'

  return (
    <div className="admin-overview">
      <h1>Overview</h1>
      <section aria-labelledby="todo-title" className="overview-section">
        <h2 id="todo-title">To do</h2>
        {overview.ok ? (
          <TodoPanel todo={overview.value.todo} ordersHref={(status) => ordersHref({ status })} />
        ) : (
          <LoadError error={overview.error} onRetry={retry} />
        )}
      </section>
      <section aria-labelledby="activity-title" className="overview-section">
        <div className="section-head">
          <h2 id="activity-title">Visits and sales</h2>
          <RangeToggle value={range} onChange={(days) => setParams(days === 30 ? { days: '30' } : {}, { replace: true })} />
        </div>
        {overview.ok && <PeriodFigures overview={overview.value} />}
        {charts.ok ? (
          <OverviewCharts visits={charts.value[0]} sales={charts.value[1]} busy={changingRange} />
        ) : (
          <LoadError error={charts.error} onRetry={retry} />
        )}
      </section>
      <section aria-labelledby="top-products-title" className="overview-section">
        <h2 id="top-products-title">Top products</h2>
        {overview.ok ? <TopProducts overview={overview.value} /> : <LoadError error={overview.error} onRetry={retry} />}
      </section>
      <section aria-labelledby="status-counts-title" className="overview-section">
        <h2 id="status-counts-title">Orders by status</h2>
        {counts.ok ? (
          <StatusCounts totals={counts.value} hrefFor={(status) => ordersHref({ status })} />
        ) : (
          <LoadError error={counts.error} onRetry={retry} />
        )}
      </section>
      <section aria-labelledby="recent-orders-title" className="overview-section">
        <div className="section-head">
          <h2 id="recent-orders-title">Recent orders</h2>
          <Link to="/admin/orders">All orders</Link>
        </div>
        {!recent.ok ? (
          <LoadError error={recent.error} onRetry={retry} />
        ) : recent.value.data.length === 0 ? (
          <p className="empty">No orders yet.</p>
        ) : (
          <OrdersTable orders={recent.value.data} caption="Recent orders" />
        )}
      </section>
    </div>
  )
}
