import { can, formatShortDate } from '@shop/domain'
import { Link, useParams } from 'react-router'
import { LoadError } from '../components/load-error'
import { useAdmin } from '../features/admin/hooks/use-admin'
import { getOrder } from '../api/orders/get-order'
import { listRegions } from '../api/delivery/list-regions'
import { listTransactions } from '../api/transactions/list-transactions'
import { OrderDetail } from '../features/admin-orders/components/order-detail'
import { OrderStatusActions } from '../features/admin-orders/components/order-status-actions'
import { OrderStatusBadge } from '../features/admin-orders/components/order-status-badge'
import { routeMeta } from '../lib/page-meta'
import { isMissing } from '../lib/route-errors'
import { useApiData } from '../lib/use-api-data'
import type { StaffOrder } from '../features/admin-orders/types'
import type { Route } from './+types/admin-order'
import styles from '../features/admin-orders/admin-orders.css?url'
import { api } from '../lib/api'

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: styles }]

export const meta: Route.MetaFunction = (args) => routeMeta('Order', args)

export default function AdminOrder() {
  const { shop, role } = useAdmin()
  const { id = '' } = useParams()
  const loaded = useApiData(id, async () => {
    const [order, transactions, regions] = await Promise.all([
      getOrder<StaffOrder>(api, id),
      listTransactions(api, id),
      // Without the names the region's code is shown.
      listRegions(api).catch(() => []),
    ])
    return { order, transactions, regions }
  })
  const data = loaded.data
  const missing = (loaded.error && isMissing(loaded.error)) || (data && data.order.shop !== shop._id)

  if (missing) {
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

  return (
    <section aria-labelledby="order-title" className="admin-order">
      <p className="admin-back">
        <Link to="/admin/orders">← All orders</Link>
      </p>
      {loaded.error && !data ? (
        <>
          <h1 id="order-title">Order</h1>
          <LoadError error={loaded.error} onRetry={loaded.reload} />
        </>
      ) : !data ? (
        <>
          <h1 id="order-title">Order</h1>
          <p className="loading" role="status">
            Loading the order…
          </p>
        </>
      ) : (
        <>
          <header className="order-header">
            <h1 id="order-title">Order {data.order.orderId}</h1>
            <p className="order-header-facts">
              <OrderStatusBadge status={data.order.status} />{' '}
              <span>
                Placed <time dateTime={data.order.createdAt}>{formatShortDate(new Date(data.order.createdAt))}</time>
              </span>
            </p>
          </header>
          {can(role, 'orders.move') && <OrderStatusActions order={data.order} onMoved={loaded.reload} />}
          <OrderDetail order={data.order} transactions={data.transactions} regions={data.regions} />
        </>
      )}
    </section>
  )
}
