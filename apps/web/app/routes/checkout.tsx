import { useMemo, useState } from 'react'
import { Link, type ShouldRevalidateFunction, useNavigate } from 'react-router'
import type { Order } from '@shop/domain/schemas/orders'
import { Alert } from '../components/ui/alert'
import { useSessionUser } from '../lib/auth/session'
import { lineKey } from '../lib/cart/cart'
import { CartLines } from '../features/cart/components/cart-lines'
import { EmptyCartButton } from '../features/cart/components/empty-cart-button'
import { stockProblem } from '../features/cart/line-stock'
import { cartActions, useCartItems } from '../lib/cart/use-cart'
import { useCartLines } from '../lib/cart/use-cart-lines'
import { cookieCart } from '../features/cart/cookie-cart.server'
import { livePromotions } from '../features/promotions/live-promotions.server'
import { useStockCheck } from '../features/cart/hooks/use-stock-check'
import { listRegions } from '../api/delivery/list-regions'
import { getPaymentOptions } from '../api/payments/get-payment-options'
import { clearCheckoutDraft } from '../features/checkout/checkout-draft'
import { CheckoutForm, type OrderLineInput } from '../features/checkout/components/checkout-form'
import { confirmationPath } from '../features/checkout/confirmation-path'
import { placeOrderAction } from '../features/checkout/place-order-form.server'
import { variantLabel } from '../lib/variant-label'
import { serverApi } from '../lib/api.server'
import { routeMeta } from '../lib/page-meta'
import { randomId } from '../lib/random-id'
import { notFound } from '../lib/route-errors'
import { useHydrated } from '../lib/use-hydrated'
import { useSite } from '../lib/use-site'
import type { Route } from './+types/checkout'

export { RouteErrorBoundary as ErrorBoundary } from '../components/route-error'

export async function loader({ context, request }: Route.LoaderArgs) {
  if (!context.shop) notFound()
  const api = serverApi(context)
  const [regions, paymentOptions, cart, promotions] = await Promise.all([
    listRegions(api),
    getPaymentOptions(api, context.shop._id),
    cookieCart(api, context.shop._id, request),
    livePromotions(api, context.shop._id),
  ])
  // The idempotency key of an order placed by posting this page's form before its scripts ran.
  return { regions, paymentOptions, cart, promotions, attempt: randomId() }
}

/** "Place order" (and Apply for a code) posted as a plain form, before the page's scripts run (decision 90). */
export const action = (args: Route.ActionArgs) => placeOrderAction(args)

/**
 * Once the scripts run, the form submits here: `place` the order (under the attempt's idempotency key) or
 * `share` the cart as a checkout. Anyone may do either, logged in or not: the API knows the buyer. The
 * action's module (its schemas and their validator) loads with the first submission, not with the page
 * (decision 92).
 */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const { checkoutAction } = await import('../features/checkout/checkout-intents')
  return checkoutAction(request)
}

/** The page's own answers need no reload of what it read: a placed order leaves it, a refusal keeps the cart. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  isOwnAnswer(actionResult) ? false : defaultShouldRevalidate

const isOwnAnswer = (result: unknown) => {
  const intent = (result as { intent?: unknown } | null | undefined)?.intent
  return intent === 'place' || intent === 'share'
}

export const meta: Route.MetaFunction = (args) => routeMeta('Checkout', args)

export default function CheckoutPage({ loaderData, actionData }: Route.ComponentProps) {
  // The answer to the form posted before the scripts ran; the scripts' own submissions answer their fetchers.
  const posted = actionData && 'values' in actionData ? actionData : undefined
  const { shop } = useSite()
  const hydrated = useHydrated()
  const user = useSessionUser()
  // Until the scripts run, the cart is the server's copy, from its cookie (decision 87).
  const storedItems = useCartItems()
  const items = hydrated ? storedItems : loaderData.cart.items
  const navigate = useNavigate()
  const { lines, loading, error, retry } = useCartLines(shop!._id, items, loaderData.cart.known)
  const stock = useStockCheck(shop!._id, items)
  const [problems, setProblems] = useState<Map<string, string>>(() => new Map(Object.entries(posted?.lineProblems ?? {})))

  const orderable: OrderLineInput[] = useMemo(
    () =>
      lines
        .filter((line) => line.product && !line.unavailable)
        .map((line) => ({ ...line.item, unitPriceMinor: line.unitPriceMinor, key: lineKey(line.item) })),
    [lines],
  )
  const most = shop!.shopperLineMax
  const lineProblems = lines.map((line) => stockProblem(line, stock.get(lineKey(line.item)), most)?.kind)
  // The server's copy shows the cart (from its cookie) while the page's scripts start, and its form posts
  // the order to the action until they run; without a cookie copy the cart is the browser's alone.
  const blocked = (!hydrated && items.length === 0) || loading
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
    clearCheckoutDraft(shop!._id)
    // An instant provider's pay page comes first; it sends the buyer back to the order's page.
    if (order.payment.redirectUrl) window.location.assign(order.payment.redirectUrl)
    else void navigate(confirmationPath(order), { state: { placed: true } })
  }

  if (posted?.placed) {
    // A second tap on Place order before the scripts ran: the first one placed the order.
    return (
      <section aria-labelledby="checkout-title" className="checkout-page">
        <h1 id="checkout-title">Thank you for your order!</h1>
        <p role="status">
          Your order <strong>{posted.placed}</strong> is placed. The link to follow it was sent to your phone or e-mail.
        </p>
      </section>
    )
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
              <EmptyCartButton disabled={!hydrated} />
            </div>
            {error && (
              <Alert>
                {error}{' '}
                <button type="button" className="link-button" onClick={retry}>
                  Try again
                </button>
              </Alert>
            )}
            {hydrated || items.length > 0 ? (
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
            promotions={loaderData.promotions}
            lines={orderable}
            hydrated={hydrated}
            posted={posted ?? null}
            attempt={posted?.attempt ?? loaderData.attempt}
            blocked={blocked}
            onPlaced={onPlaced}
            onLineProblems={setProblems}
          />
        </div>
      )}
    </section>
  )
}
