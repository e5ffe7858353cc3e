import { redirect, useNavigation } from 'react-router'
import { listOrders } from '../api/orders/list-orders'
import { LinkPager } from '../features/admin/components/link-pager'
import { requireStaff } from '../features/admin/staff-session'
import { OrderFilterBar } from '../features/admin-orders/components/order-filter-bar'
import { OrdersTable } from '../features/admin-orders/components/orders-table'
import { ORDERS_PAGE_SIZE, ordersHref, pageRange, parseOrderFilters, toOrderQuery } from '../features/admin-orders/order-filters'
import { api } from '../lib/api'
import { routeMeta } from '../lib/page-meta'
import type { Route } from './+types/admin-orders'
import styles from '../features/admin-orders/admin-orders.css?url'

export { RouteErrorBoundary as ErrorBoundary } from '../components/route-error'

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: styles }]

export const meta: Route.MetaFunction = (args) => routeMeta('Orders', args)

/** The filters and the page live in the address, so back, forward and reload keep them. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const { shop } = await requireStaff(request)
  const params = new URL(request.url).searchParams
  // Staff notifications link to `/admin/orders?order={id}`.
  const linked = params.get('order')
  if (linked) throw redirect(`/admin/orders/${encodeURIComponent(linked)}`)
  const filters = parseOrderFilters(params)
  return { filters, page: await listOrders(api, toOrderQuery(filters, shop._id)) }
}
clientLoader.hydrate = true as const

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const { filters, page } = loaderData
  const navigation = useNavigation()
  const loading = navigation.state === 'loading' && navigation.location.pathname === '/admin/orders'

  return (
    <section aria-labelledby="orders-title" className="admin-orders">
      <h1 id="orders-title">Orders</h1>
      <OrderFilterBar filters={filters} />
      <p className="orders-count" role="status">
        {loading ? 'Loading orders…' : countWords(filters.page, page.total)}
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
    </section>
  )
}

function countWords(pageNumber: number, total: number): string {
  if (total === 0) return 'No orders'
  const { first, last } = pageRange(pageNumber, ORDERS_PAGE_SIZE, total)
  if (first > last) return `${total} ${total === 1 ? 'order' : 'orders'}`
  return `${first}–${last} of ${total} ${total === 1 ? 'order' : 'orders'}`
}
