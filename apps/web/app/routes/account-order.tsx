import { Link, useParams } from 'react-router'
import { LoadError } from '../components/load-error'
import { StatusPage } from '../components/status-page'
import { listRegions } from '../api/delivery/list-regions'
import { getOrder } from '../api/orders/get-order'
import { OrderDetails } from '../features/orders/components/order-details'
import { api } from '../lib/api'
import { routeMeta } from '../lib/page-meta'
import { isMissing } from '../lib/route-errors'
import { useApiData } from '../lib/use-api-data'
import { useSite } from '../lib/use-site'
import { NoShop } from '../features/account/components/no-shop'
import type { Shop } from '../types/api'
import type { Route } from './+types/account-order'

export const meta: Route.MetaFunction = (args) => routeMeta('Order', args)

export default function AccountOrderPage() {
  const { shop } = useSite()
  return shop ? <AccountOrder shop={shop} /> : <NoShop title="Order" />
}

function AccountOrder({ shop }: { shop: Shop }) {
  const { id = '' } = useParams()
  const loaded = useApiData(id, async () => {
    const [order, regions] = await Promise.all([getOrder(api, id), listRegions(api).catch(() => [])])
    return { order, regions }
  })
  const missing = (loaded.error && isMissing(loaded.error)) || (loaded.data && loaded.data.order.shop !== shop._id)
  if (missing) {
    return (
      <StatusPage code={404} title="Order not found">
        <p>There is no order of yours at this address.</p>
        <p>
          <Link to="/account/orders">See your orders</Link>
        </p>
      </StatusPage>
    )
  }
  return (
    <section aria-labelledby="order-title">
      <p>
        <Link to="/account/orders">← All orders</Link>
      </p>
      <h1 id="order-title">{loaded.data ? `Order ${loaded.data.order.orderId}` : 'Order'}</h1>
      {loaded.error && !loaded.data ? (
        <LoadError error={loaded.error} onRetry={loaded.reload} />
      ) : !loaded.data ? (
        <p className="loading" role="status">
          Loading the order…
        </p>
      ) : (
        <OrderDetails
          order={loaded.data.order}
          regions={loaded.data.regions}
          onChange={(order) => loaded.setData({ ...loaded.data!, order })}
        />
      )}
    </section>
  )
}
