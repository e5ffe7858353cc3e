import { formatShortDate } from '@shop/domain'
import { useNavigate } from 'react-router'
import { OrderLines } from '../components/order-lines'
import { TotalsTable } from '../components/totals-table'
import { useSessionUser } from '../features/auth/session'
import { getCheckout } from '../features/checkout/api/get-checkout'
import { getPaymentOptions } from '../features/checkout/api/get-payment-options'
import { listRegions } from '../features/checkout/api/list-regions'
import { PlaceSharedCheckout } from '../features/checkout/components/place-shared-checkout'
import { confirmationPath } from '../features/checkout/confirmation-path'
import { serverApi } from '../lib/api.server'
import { routeMeta } from '../lib/page-meta'
import { isMissing, notFound } from '../lib/route-errors'
import { pricedRows } from '../lib/totals-rows'
import { useHydrated } from '../lib/use-hydrated'
import { useSite } from '../lib/use-site'
import type { Route } from './+types/shared-checkout'

export { RouteErrorBoundary as ErrorBoundary } from '../components/route-error'

/** A shared checkout, opened from its link: the items and totals, never its creator's contact details. */
export async function loader({ context, params }: Route.LoaderArgs) {
  if (!context.shop) notFound()
  const api = serverApi(context)
  const [checkout, regions, paymentOptions] = await Promise.all([
    getCheckout(api, params.id).catch((error: unknown) => {
      if (isMissing(error)) return null
      throw error
    }),
    listRegions(api),
    getPaymentOptions(api, context.shop._id),
  ])
  if (!checkout || checkout.shop !== context.shop._id) notFound()
  const { _id, items, delivery, discount, currency, totals, createdAt } = checkout
  const region = regions.find((candidate) => candidate._id === delivery.region)?.name ?? null
  return {
    checkout: { _id, items, delivery: { type: delivery.type, region: delivery.region, rate: delivery.rate }, discount, currency, totals, createdAt },
    region,
    paymentOptions,
  }
}

export const meta: Route.MetaFunction = (args) => routeMeta('Shared checkout', args)

export default function SharedCheckout({ loaderData }: Route.ComponentProps) {
  const { checkout, region, paymentOptions } = loaderData
  const { shop } = useSite()
  const user = useSessionUser()
  const hydrated = useHydrated()
  const navigate = useNavigate()
  return (
    <section aria-labelledby="shared-title" className="shared-checkout">
      <h1 id="shared-title">Shared checkout</h1>
      <p className="lead">
        Someone shared this checkout with you (
        <time dateTime={checkout.createdAt}>{formatShortDate(new Date(checkout.createdAt))}</time>). You can pay for
        it and place the order.
      </p>
      <div className="checkout-layout">
        <section className="panel" aria-labelledby="shared-items">
          <h2 id="shared-items">Items</h2>
          <OrderLines lines={checkout.items} currency={checkout.currency} />
          <p>
            {checkout.delivery.type === 'pick-up'
              ? 'Picked up at the shop.'
              : `Delivered by ${checkout.delivery.rate?.name ?? 'the shop'}${region ? ` in ${region}` : ''}, to the address given when it was shared.`}
          </p>
          <TotalsTable rows={pricedRows(checkout, 'checkout')} currency={checkout.currency} />
          <p className="hint">Prices are checked again when the order is placed.</p>
        </section>
        {hydrated ? (
          <PlaceSharedCheckout
            shopId={shop!._id}
            checkoutId={checkout._id}
            user={user}
            paymentOptions={paymentOptions}
            onPlaced={(order) =>
              order.payment.redirectUrl
                ? window.location.assign(order.payment.redirectUrl)
                : navigate(confirmationPath(order), { state: { placed: true } })
            }
          />
        ) : (
          <p className="loading">Loading…</p>
        )}
      </div>
    </section>
  )
}
