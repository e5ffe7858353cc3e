import { Link, redirect, useFetcher } from 'react-router'
import { listOrders } from '../api/orders/list-orders'
import { Button } from '../components/ui/button'
import { NoShop } from '../features/account/components/no-shop'
import { requireUser } from '../lib/auth/guard'
import { OrderList } from '../features/orders/components/order-list'
import { api } from '../lib/api'
import { shopOfHost } from '../lib/host-shop'
import { routeMeta } from '../lib/page-meta'
import { useSite } from '../lib/use-site'
import type { Route } from './+types/account-orders'

export { RouteErrorBoundary as ErrorBoundary } from '../components/route-error'

export const meta: Route.MetaFunction = (args) => routeMeta('Orders', args)

const PAGE = 20
const MAX = 100

/**
 * The user's orders here, newest first: the first `?count=` (20 unless asked; "Show older" asks for 20 more
 * with a fetcher, so the address stays the same). Null on a host without a shop.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const params = new URL(request.url).searchParams
  // Notifications link to `/account/orders?order={id}`.
  const linked = params.get('order')
  if (linked) throw redirect(`/account/orders/${encodeURIComponent(linked)}`)
  const user = await requireUser(request)
  const shop = await shopOfHost(request)
  if (!shop) return null
  const count = Math.min(Math.max(Math.floor(Number(params.get('count'))) || PAGE, PAGE), MAX)
  const orders = await listOrders(api, { profile: user._id, shop: shop._id, $sort: { createdAt: -1 }, $limit: count })
  return { count, orders }
}
clientLoader.hydrate = true as const

export default function AccountOrders({ loaderData }: Route.ComponentProps) {
  const { shop } = useSite()
  return shop && loaderData ? <OrdersList loaded={loaderData} /> : <NoShop title="Orders" />
}

type Loaded = NonNullable<Route.ComponentProps['loaderData']>

function OrdersList({ loaded }: { loaded: Loaded }) {
  const older = useFetcher<Loaded>()
  const { count, orders } = older.data ?? loaded
  return (
    <section aria-labelledby="orders-title">
      <h1 id="orders-title">Orders</h1>
      {orders.data.length === 0 ? (
        <p>
          You have no orders in this shop yet. <Link to="/products/">Start shopping</Link>
        </p>
      ) : (
        <>
          <OrderList orders={orders.data} />
          {orders.data.length < orders.total && (
            <Button
              variant="secondary"
              onClick={() => void older.load(`/account/orders?count=${Math.min(count + PAGE, MAX)}`)}
              disabled={older.state !== 'idle' || count >= MAX}
            >
              Show older orders
            </Button>
          )}
        </>
      )}
    </section>
  )
}
