import { useMemo, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import type { Order } from '@shop/domain/schemas/orders'
import { Alert } from '../components/ui/alert'
import { Button } from '../components/ui/button'
import { useSessionUser } from '../features/auth/session'
import { lineKey } from '../features/cart/cart'
import { CartLines } from '../features/cart/components/cart-lines'
import { stockProblem } from '../features/cart/line-stock'
import { cartActions, useCartItems } from '../features/cart/hooks/use-cart'
import { useCartLines } from '../features/cart/hooks/use-cart-lines'
import { useStockCheck } from '../features/cart/hooks/use-stock-check'
import { listRegions } from '../api/delivery/list-regions'
import { getPaymentOptions } from '../api/payments/get-payment-options'
import { CheckoutForm, type OrderLineInput } from '../features/checkout/components/checkout-form'
import { confirmationPath } from '../features/checkout/confirmation-path'
import { variantLabel } from '../features/catalog/variant-label'
import { serverApi } from '../lib/api.server'
import { routeMeta } from '../lib/page-meta'
import { notFound } from '../lib/route-errors'
import { useHydrated } from '../lib/use-hydrated'
import { useSite } from '../lib/use-site'
import type { Route } from './+types/checkout'

export { RouteErrorBoundary as ErrorBoundary } from '../components/route-error'

export async function loader({ context }: Route.LoaderArgs) {
  if (!context.shop) notFound()
  const api = serverApi(context)
  const [regions, paymentOptions] = await Promise.all([listRegions(api), getPaymentOptions(api, context.shop._id)])
  return { regions, paymentOptions }
}

export const meta: Route.MetaFunction = (args) => routeMeta('Checkout', args)

export default function CheckoutPage({ loaderData }: Route.ComponentProps) {
  const { shop } = useSite()
  const hydrated = useHydrated()
  const user = useSessionUser()
  const items = useCartItems()
  const navigate = useNavigate()
  const { lines, loading, error, retry } = useCartLines(shop!._id, items)
  const stock = useStockCheck(shop!._id, items)
  const [problems, setProblems] = useState<Map<string, string>>(() => new Map())

  const orderable: OrderLineInput[] = useMemo(
    () =>
      lines
        .filter((line) => line.product && !line.unavailable)
        .map((line) => ({ ...line.item, unitPriceMinor: line.unitPriceMinor, key: lineKey(line.item) })),
    [lines],
  )
  const most = shop!.shopperLineMax
  const lineProblems = lines.map((line) => stockProblem(line, stock.get(lineKey(line.item)), most)?.kind)
  const blocked = !hydrated || loading
    ? 'Loading your cart…'
    : error
      ? 'Your cart could not be loaded.'
      : lines.some((line) => line.unavailable)
        ? 'Remove the items that are no longer available to continue.'
        : lineProblems.includes('stock')
          ? 'Change the items marked above: there is not enough of them in stock.'
          : lineProblems.includes('most')
            ? `Change the items marked above: the shop sells at most ${most} of one item per order.`
            : null

  function onPlaced(order: Order) {
    cartActions.clear()
    // An instant provider's pay page comes first; it sends the buyer back to the order's page.
    if (order.payment.redirectUrl) window.location.assign(order.payment.redirectUrl)
    else navigate(confirmationPath(order), { state: { placed: true } })
  }

  return (
    <section aria-labelledby="checkout-title" className="checkout-page">
      <h1 id="checkout-title">Checkout</h1>
      {hydrated && items.length === 0 ? (
        <div className="empty">
          <p>Your cart is empty.</p>
          <p>
            <Link to="/products/" className="button button-primary">
              Browse products
            </Link>
          </p>
        </div>
      ) : (
        <div className="checkout-layout">
          <section aria-labelledby="cart-title" className="panel cart-panel">
            <div className="section-head">
              <h2 id="cart-title">Your cart</h2>
              <Button variant="ghost" onClick={cartActions.clear}>
                Empty cart
              </Button>
            </div>
            {error && (
              <Alert>
                {error}{' '}
                <button type="button" className="link-button" onClick={retry}>
                  Try again
                </button>
              </Alert>
            )}
            {hydrated ? (
              <CartLines lines={lines} currency={shop!.currency} label={variantLabel} problems={problems} stock={stock} most={most} />
            ) : (
              // The cart lives in the browser: the server renders the page around it, with room for a line.
              <p className="loading cart-pending" role="status">
                Loading your cart…
              </p>
            )}
          </section>
          <CheckoutForm
            shop={shop!}
            user={user}
            regions={loaderData.regions}
            paymentOptions={loaderData.paymentOptions}
            lines={orderable}
            hydrated={hydrated}
            blocked={blocked}
            onPlaced={onPlaced}
            onLineProblems={setProblems}
          />
        </div>
      )}
    </section>
  )
}
