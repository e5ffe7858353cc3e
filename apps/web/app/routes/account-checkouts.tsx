import { formatShortDate, orderSummary } from '@shop/domain'
import { Link } from 'react-router'
import { LoadError } from '../components/load-error'
import { listCheckouts } from '../api/checkouts/list-checkouts'
import { useAccountUser } from '../features/auth/hooks/use-account-user'
import { formatMoney } from '../lib/money'
import { routeMeta } from '../lib/page-meta'
import { useApiData } from '../lib/use-api-data'
import { useSite } from '../lib/use-site'
import { NoShop } from '../features/account/components/no-shop'
import type { Shop } from '../types/api'
import type { Route } from './+types/account-checkouts'
import { api } from '../lib/api'

export const meta: Route.MetaFunction = (args) => routeMeta('Shared Checkouts', args)

export default function AccountCheckoutsPage() {
  const { shop } = useSite()
  return shop ? <AccountCheckouts shop={shop} /> : <NoShop title="Shared Checkouts" />
}

function AccountCheckouts({ shop }: { shop: Shop }) {
  const user = useAccountUser()
  const checkouts = useApiData(`${shop._id}/${user._id}`, () => listCheckouts(api, user._id, shop._id))
  return (
    <section aria-labelledby="checkouts-title">
      <h1 id="checkouts-title">Shared Checkouts</h1>
      <p className="hint">Checkouts you shared as a link. Anyone with a link can see it and pay for it.</p>
      {checkouts.error && !checkouts.data ? (
        <LoadError error={checkouts.error} onRetry={checkouts.reload} />
      ) : !checkouts.data ? (
        <p className="loading" role="status">
          Loading your checkouts…
        </p>
      ) : checkouts.data.data.length === 0 ? (
        <p>
          You have not shared a checkout yet. Use “Share checkout” on the <Link to="/checkout">checkout page</Link>.
        </p>
      ) : (
        <ul className="order-list">
          {checkouts.data.data.map((checkout) => (
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
