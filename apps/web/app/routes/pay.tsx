import type { PayPage as PayPageData, PayStart } from '@shop/domain/schemas/pay-links'
import { useFetcher } from 'react-router'
import { Type } from 'typebox'
import { TotalsTable } from '../components/totals-table'
import type { TotalsRow } from '../lib/totals-rows'
import { Alert } from '../components/ui/alert'
import { Button } from '../components/ui/button'
import { getPayPage } from '../api/pay/get-pay-page'
import { payBalance } from '../api/pay/pay-balance'
import { ApiError, api } from '../lib/api'
import { serverApi } from '../lib/api.server'
import { formatMoney } from '../lib/money'
import { routeMeta } from '../lib/page-meta'
import { type ActionAnswer, jsonSubmit, perform, problemOf, useFetcherDone } from '../lib/route-data'
import { parseSubmission } from '../lib/submission'
import { isMissing, notFound } from '../lib/route-errors'
import { useHydrated } from '../lib/use-hydrated'
import type { Route } from './+types/pay'

export { RouteErrorBoundary as ErrorBoundary } from '../components/route-error'

/**
 * An order's pay link (`/pay/{id}?key=`), rendered on the server: the order and what is still to pay, and
 * "Pay" for the balance online. Only the right key on this shop's host opens it (the API answers 404
 * otherwise); coming back from the pay page (`?transaction=`), the API asks how that payment went.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  if (!context.shop) notFound()
  const url = new URL(request.url)
  const key = url.searchParams.get('key')
  if (!key) notFound()
  const page = await getPayPage(serverApi(context), params.id, key, url.searchParams.get('transaction')).catch((error: unknown) => {
    if (isMissing(error)) return null
    // A malformed key or id is no page either.
    if (error instanceof ApiError && error.status === 400) return null
    throw error
  })
  if (!page || page.shop._id !== context.shop._id) notFound()
  return { page, key }
}

/** The page's one form sends the link's key, which the API checks against the order. */
const intents = { pay: Type.Object({ key: Type.String({ minLength: 1, maxLength: 100 }) }, { additionalProperties: false }) }

/** `pay`: starts an online payment of the balance; the page then goes to the provider's pay page. */
export async function clientAction({ request, params }: Route.ClientActionArgs) {
  const submission = await parseSubmission(request, intents)
  if (!submission.ok) return submission
  const { key } = submission.value
  return perform('pay', () => payBalance(api, params.id, key))
}

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args.loaderData ? `Pay for order ${args.loaderData.page.orderId}` : 'Pay for your order', args)

function totalsRows(page: PayPageData): TotalsRow[] {
  const { totals } = page
  const rows: TotalsRow[] = [{ label: 'Subtotal', value: totals.subtotal }]
  if (totals.discount > 0) rows.push({ label: 'Discount', value: totals.discount, negative: true })
  if (totals.tax > 0) rows.push({ label: 'Tax', value: totals.tax })
  rows.push({ label: 'Delivery', value: page.deliveryType === 'pick-up' ? 'Free (pick-up)' : totals.delivery })
  rows.push({ label: 'Total', value: totals.total, total: true })
  if (page.paid > 0) rows.push({ label: 'Paid so far', value: page.paid })
  rows.push({ label: 'Still to pay', value: page.balance, total: true })
  return rows
}

export default function PayPage({ loaderData }: Route.ComponentProps) {
  const { page, key } = loaderData
  const hydrated = useHydrated()
  const pay = useFetcher<ActionAnswer<'pay', PayStart>>()
  const starting = pay.state !== 'idle' || (pay.data?.ok ?? false)
  useFetcherDone(pay, (answer) => {
    if (answer.ok) window.location.assign(answer.data.redirectUrl)
  })
  const due = formatMoney(page.balance, page.currency)
  const paid = page.status !== 'canceled' && page.balance === 0
  const failed = page.payment && page.payment.status === 'failed' && page.balance > 0

  return (
    <section aria-labelledby="pay-title" className="pay-page">
      <h1 id="pay-title">{paid ? 'Paid — thank you' : `Pay for order ${page.orderId}`}</h1>
      {paid ? (
        <p className="notice notice-success" role="status">
          {page.shop.title} has received the payment for order {page.orderId}. Nothing more is due.
        </p>
      ) : page.status === 'canceled' ? (
        <p className="notice notice-problem">This order is canceled: there is nothing to pay.</p>
      ) : (
        <p className="lead">
          {page.shop.title} asks you to pay <strong>{due}</strong> for order {page.orderId}.
        </p>
      )}
      {failed && (
        <p className="notice notice-problem" role="alert">
          The payment did not go through{page.payment?.error ? `: ${page.payment.error}` : ''}. You can try again.
        </p>
      )}
      <div className="panel">
        <h2>Order {page.orderId}</h2>
        <ul className="pay-lines">
          {page.items.map((line, index) => (
            <li key={index}>
              <span className="pay-line-title">
                {line.title}
                {line.variant && <span className="pay-line-variant"> ({line.variant})</span>} × {line.count}
              </span>
              <span className="pay-line-total">{formatMoney(line.total, page.currency)}</span>
            </li>
          ))}
        </ul>
        <TotalsTable rows={totalsRows(page)} currency={page.currency} />
      </div>
      {!paid && page.status !== 'canceled' && (
        <div className="pay-action">
          {page.canPay ? (
            <Button
              className="pay-button"
              disabled={!hydrated || starting}
              aria-busy={starting || undefined}
              onClick={() => void pay.submit({ intent: 'pay', key }, jsonSubmit)}
            >
              {starting ? 'Opening the payment…' : `Pay ${due}`}
            </Button>
          ) : (
            <p className="notice">This shop does not take payments online. Please pay the shop directly.</p>
          )}
          {pay.data && !pay.data.ok && <Alert>{problemOf(pay.data.errors)}</Alert>}
        </div>
      )}
    </section>
  )
}
