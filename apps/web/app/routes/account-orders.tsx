import { useState } from 'react'
import { Link, Navigate, useSearchParams } from 'react-router'
import { LoadError } from '../components/load-error'
import { Button } from '../components/ui/button'
import { useAccountUser } from '../features/auth/hooks/use-account-user'
import { listOrders } from '../api/orders/list-orders'
import { api } from '../lib/api'
import { OrderList } from '../features/orders/components/order-list'
import { routeMeta } from '../lib/page-meta'
import { useApiData } from '../lib/use-api-data'
import { useSite } from '../lib/use-site'
import { NoShop } from '../features/account/components/no-shop'
import type { Shop } from '../types/api'
import type { Route } from './+types/account-orders'

export const meta: Route.MetaFunction = (args) => routeMeta('Orders', args)

const PAGE = 20

export default function AccountOrders() {
  const [params] = useSearchParams()
  const linked = params.get('order')
  // Notifications link to `/account/orders?order={id}`.
  if (linked) return <Navigate to={`/account/orders/${encodeURIComponent(linked)}`} replace />
  return <ShopOrders />
}

function OrdersList({ shop }: { shop: Shop }) {
  const user = useAccountUser()
  const [count, setCount] = useState(PAGE)
  const orders = useApiData(`${shop._id}/${user._id}/${count}`, () => listOrders(api, { profile: user._id, shop: shop._id, $sort: { createdAt: -1 }, $limit: count }))
  return (
    <section aria-labelledby="orders-title">
      <h1 id="orders-title">Orders</h1>
      {orders.error && !orders.data ? (
        <LoadError error={orders.error} onRetry={orders.reload} />
      ) : !orders.data ? (
        <p className="loading" role="status">
          Loading your orders…
        </p>
      ) : orders.data.data.length === 0 ? (
        <p>
          You have no orders in this shop yet. <Link to="/products/">Start shopping</Link>
        </p>
      ) : (
        <>
          <OrderList orders={orders.data.data} />
          {orders.data.data.length < orders.data.total && (
            <Button variant="secondary" onClick={() => setCount((value) => Math.min(value + PAGE, 100))} disabled={orders.loading || count >= 100}>
              Show older orders
            </Button>
          )}
        </>
      )}
    </section>
  )
}

function ShopOrders() {
  const { shop } = useSite()
  return shop ? <OrdersList shop={shop} /> : <NoShop title="Orders" />
}
