/**
 * The back-in-stock message's unsubscribe link (`/stock-alerts/{id}?key=…`): a page with one button, so a
 * mail scanner that opens the link unsubscribes nobody. Stopping removes the alert and the contact's other
 * alerts still waiting in this shop.
 */
import { StockAlertKeyQuery } from '@shop/domain/schemas/stock-alerts'
import { useFetcher, useSearchParams } from 'react-router'
import { deleteStockAlert } from '../api/stock-alerts/delete-stock-alert'
import { Button } from '../components/ui/button'
import { FormError } from '../components/ui/field'
import { api } from '../lib/api'
import { useHydrated } from '../lib/use-hydrated'
import { routeMeta } from '../lib/page-meta'
import { type ActionAnswer, jsonSubmit, perform, problemOf } from '../lib/route-data'
import { parseSubmission } from '../lib/submission'
import type { Route } from './+types/stock-alert'

export { RouteErrorBoundary as ErrorBoundary } from '../components/route-error'

export const meta: Route.MetaFunction = (args) => routeMeta('Back-in-stock messages', args)

/** The button sends the link's key, as the API asks it of an unsubscribe. */
const intents = { unsubscribe: StockAlertKeyQuery }

export async function clientAction({ request, params }: Route.ClientActionArgs): Promise<ActionAnswer<'unsubscribe', null>> {
  const submission = await parseSubmission(request, intents)
  if (!submission.ok) return submission
  const { key } = submission.value
  return perform('unsubscribe', async () => {
    await deleteStockAlert(api, params.id, key)
    return null
  })
}

export default function StockAlertPage() {
  const [search] = useSearchParams()
  const key = search.get('key') ?? ''
  const fetcher = useFetcher<ActionAnswer<'unsubscribe', null>>()
  const answer = fetcher.data
  // The button works through the page's scripts: until they run, a tap would do nothing.
  const hydrated = useHydrated()
  return (
    <section className="stock-alert-page" aria-labelledby="stock-alert-title">
      <h1 id="stock-alert-title">Back-in-stock messages</h1>
      {answer?.ok ? (
        <p role="status">Done: you will get no more back-in-stock messages from this shop, unless you ask again.</p>
      ) : (
        <>
          <p>You asked this shop to tell you when something was back in stock. Stop these messages, and any others you are still waiting for?</p>
          <FormError error={answer && !answer.ok ? (answer.errors.form === 'No such alert' ? 'This link has been used already or is not right.' : problemOf(answer.errors)) : undefined} />
          <Button disabled={!hydrated || !key || fetcher.state !== 'idle'} onClick={() => void fetcher.submit({ intent: 'unsubscribe', key }, jsonSubmit)}>
            Stop back-in-stock messages
          </Button>
        </>
      )}
    </section>
  )
}
