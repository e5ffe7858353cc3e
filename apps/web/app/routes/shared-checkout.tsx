import { formatShortDate } from '@shop/domain'
import { useState } from 'react'
import { type ShouldRevalidateFunction, useNavigate } from 'react-router'
import { OrderLines } from '../components/order-lines'
import { TotalsTable } from '../components/totals-table'
import { useSessionUser } from '../lib/auth/session'
import { getCheckout } from '../api/checkouts/get-checkout'
import { getPaymentOptions } from '../api/payments/get-payment-options'
import { listRegions } from '../api/delivery/list-regions'
import { PlaceSharedCheckout } from '../features/checkout/components/place-shared-checkout'
import { confirmationPath } from '../features/checkout/confirmation-path'
import { type DeliveryChoice, sharedCheckoutRows } from '../features/checkout/shared-checkout-totals'
import { usePromotions } from '../lib/use-promotions'
import { serverApi } from '../lib/api.server'
import { routeMeta } from '../lib/page-meta'
import { isMissing, notFound } from '../lib/route-errors'
import { useHydrated } from '../lib/use-hydrated'
import { useSite } from '../lib/use-site'
import type { Route } from './+types/shared-checkout'

export { RouteErrorBoundary as ErrorBoundary } from '../components/route-error'

/**
 * A shared checkout, opened from its link: the items and totals, never its creator's contact details. The
 * page renders for anyone; whoever places it (other than its creator) pays it as it was shared or gives
 * their own delivery. Once placed, it says so instead of offering a second order.
 */
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
  const { _id, items, delivery, discount, currency, totals, createdAt, placedOrder } = checkout
  return {
    checkout: { _id, items, delivery: { type: delivery.type, region: delivery.region, rate: delivery.rate }, discount, currency, totals, createdAt, placedOrder },
    regions,
    paymentOptions,
  }
}

/** `place`, parsed by the checkout's action module, which loads with the first submission (decision 92). */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const { sharedCheckoutAction } = await import('../features/checkout/checkout-intents')
  return sharedCheckoutAction(request)
}

/** A placed order leaves the page and a refusal changes nothing it read: no reload after either. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  (actionResult as { intent?: unknown } | null | undefined)?.intent === 'place' ? false : defaultShouldRevalidate

export const meta: Route.MetaFunction = (args) => routeMeta('Shared checkout', args)

export default function SharedCheckout({ loaderData }: Route.ComponentProps) {
  const { checkout, regions, paymentOptions } = loaderData
  const { shop } = useSite()
  const user = useSessionUser()
  const hydrated = useHydrated()
  const navigate = useNavigate()
  const [choice, setChoice] = useState<DeliveryChoice | undefined>(null)
  // The payer's own delivery gets the shop's live promotions, as at the checkout (decision 94).
  const promotions = usePromotions(shop?._id)
  return (
    <section aria-labelledby="shared-title" className="shared-checkout">
      <h1 id="shared-title">Shared checkout</h1>
      <p className="lead">
        Someone shared this checkout with you (
        <time dateTime={checkout.createdAt}>{formatShortDate(new Date(checkout.createdAt))}</time>). You can pay for
        it as it is, or have it delivered to you instead.
      </p>
      <div className="checkout-layout">
        <section className="panel" aria-labelledby="shared-items">
          <h2 id="shared-items">Items</h2>
          <OrderLines lines={checkout.items} currency={checkout.currency} />
          <TotalsTable rows={sharedCheckoutRows(checkout, choice, promotions)} currency={checkout.currency} />
          <p className="hint">Prices are checked again when the order is placed.</p>
        </section>
        {checkout.placedOrder ? (
          <section className="panel" aria-labelledby="shared-placed" role="status">
            <h2 id="shared-placed">{checkout.placedOrder.paid ? 'Already paid — thank you' : 'Already ordered'}</h2>
            <p>
              {checkout.placedOrder.paid
                ? `This checkout has been paid: it is order ${checkout.placedOrder.orderId}. The shop will let the buyer know as it moves.`
                : `This checkout was placed as order ${checkout.placedOrder.orderId}, and is waiting for its payment.`}
            </p>
          </section>
        ) : hydrated ? (
          <PlaceSharedCheckout
            shop={shop!}
            checkout={checkout}
            regions={regions}
            user={user}
            paymentOptions={paymentOptions}
            onDeliveryChoice={setChoice}
            onPlaced={(order) =>
              order.payment.redirectUrl
                ? window.location.assign(order.payment.redirectUrl)
                : void navigate(confirmationPath(order), { state: { placed: true } })
            }
          />
        ) : (
          <p className="loading">Loading…</p>
        )}
      </div>
    </section>
  )
}
