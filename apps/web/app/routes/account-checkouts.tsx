import { formatShortDate, orderSummary } from '@shop/domain'
import { Link } from 'react-router'
import { listCheckouts } from '../api/checkouts/list-checkouts'
import { NoShop } from '../features/account/components/no-shop'
import { requireUser } from '../lib/auth/guard'
import { api } from '../lib/api'
import { shopOfHost } from '../lib/host-shop'
import { formatMoney } from '../lib/money'
import { routeMeta } from '../lib/page-meta'
import { useSite } from '../lib/use-site'
import type { Route } from './+types/account-checkouts'

export { RouteErrorBoundary as ErrorBoundary } from '../components/route-error'

export const meta: Route.MetaFunction = (args) => routeMeta('Shared Checkouts', args)

/** The checkouts the user shared here, newest first; null on a host without a shop. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const user = await requireUser(request)
  const shop = await shopOfHost(request)
  return shop ? await listCheckouts(api, user._id, shop._id) : null
}
clientLoader.hydrate = true as const

export default function AccountCheckouts({ loaderData: checkouts }: Route.ComponentProps) {
  const { shop } = useSite()
  if (!shop || !checkouts) return <NoShop title="Shared Checkouts" />
  return (
    <section aria-labelledby="checkouts-title">
      <h1 id="checkouts-title">Shared Checkouts</h1>
      <p className="hint">Checkouts you shared as a link. Anyone with a link can see it and pay for it.</p>
      {checkouts.data.length === 0 ? (
        <p>
          You have not shared a checkout yet. Use “Share checkout” on the <Link to="/checkout">checkout page</Link>.
        </p>
      ) : (
        <ul className="order-list">
          {checkouts.data.map((checkout) => (
            <li key={checkout._id} className="order-row">
              <div>
                <p className="order-row-title">
                  <Link to={`/checkout/${checkout._id}`}>
                    {orderSummary(checkout.items.map((line) => ({ title: line.product.title })))}
                  </Link>
                </p>
                <p className="order-row-summary">{checkout.delivery.type === 'pick-up' ? 'Pick-up' : 'Delivery'}</p>
              </div>
              <div className="order-row-meta">
                <time dateTime={checkout.createdAt}>{formatShortDate(new Date(checkout.createdAt))}</time>
                <strong>{formatMoney(checkout.totals.total, checkout.currency)}</strong>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
