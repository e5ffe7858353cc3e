import { Navigate, useSearchParams } from 'react-router'
import { LoadError } from '../components/load-error'
import { useAdmin } from '../features/admin/hooks/use-admin'
import { listOrders } from '../api/orders/list-orders'
import { OrderFilterBar } from '../features/admin-orders/components/order-filter-bar'
import { LinkPager } from '../features/admin/components/link-pager'
import { OrdersTable } from '../features/admin-orders/components/orders-table'
import { ORDERS_PAGE_SIZE, ordersHref, pageRange, parseOrderFilters, toOrderQuery } from '../features/admin-orders/order-filters'
import { routeMeta } from '../lib/page-meta'
import { useApiData } from '../lib/use-api-data'
import { api } from '../lib/api'
import type { Route } from './+types/admin-orders'
import styles from '../features/admin-orders/admin-orders.css?url'

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: styles }]

export const meta: Route.MetaFunction = (args) => routeMeta('Orders', args)

export default function AdminOrdersPage() {
  const [params] = useSearchParams()
  // Staff notifications link to `/admin/orders?order={id}`.
  const linked = params.get('order')
  if (linked) return <Navigate to={`/admin/orders/${encodeURIComponent(linked)}`} replace />
  return <AdminOrders params={params} />
}

function AdminOrders({ params }: { params: URLSearchParams }) {
  const { shop } = useAdmin()
  const filters = parseOrderFilters(params)
  const orders = useApiData(`${shop._id}${ordersHref(filters)}`, () => listOrders(api, toOrderQuery(filters, shop._id)))
  const page = orders.data

  return (
    <section aria-labelledby="orders-title" className="admin-orders">
      <h1 id="orders-title">Orders</h1>
      <OrderFilterBar filters={filters} />
      {orders.error && !page ? (
        <LoadError error={orders.error} onRetry={orders.reload} />
      ) : !page ? (
        <p className="loading" role="status">
          Loading orders…
        </p>
      ) : (
        <>
          <p className="orders-count" role="status">
            {orders.loading ? 'Loading orders…' : countWords(filters.page, page.total)}
          </p>
          {page.data.length > 0 ? (
            <OrdersTable orders={page.data} caption="Orders" />
          ) : (
            <p className="empty">No orders match these filters.</p>
          )}
          <LinkPager
            page={filters.page}
            pages={pageRange(filters.page, ORDERS_PAGE_SIZE, page.total).pages}
            hrefFor={(target) => ordersHref({ ...filters, page: target })}
          />
        </>
      )}
    </section>
  )
}

function countWords(pageNumber: number, total: number): string {
  if (total === 0) return 'No orders'
  const { first, last } = pageRange(pageNumber, ORDERS_PAGE_SIZE, total)
  if (first > last) return `${total} ${total === 1 ? 'order' : 'orders'}`
  return `${first}–${last} of ${total} ${total === 1 ? 'order' : 'orders'}`
}
