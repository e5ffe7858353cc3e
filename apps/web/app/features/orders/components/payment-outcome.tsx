import { useFetcher } from 'react-router'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { jsonSubmit, problemOf, useFetcherDone } from '../../../lib/route-data'
import type { RetryPaymentAnswer } from '../order-actions'

/**
 * Back from a pay page (`?payment=&transaction=`): paid, or a way to try paying again through the page's
 * `retry-payment` intent, which answers where to pay the new attempt.
 */
export function PaymentOutcome({ outcome, transaction, accessKey }: { outcome: string; transaction: string | null; accessKey: string | null }) {
  const retry = useFetcher<RetryPaymentAnswer>()
  // Still busy while the browser leaves for the pay page.
  const busy = retry.state !== 'idle' || (retry.data?.ok === true && retry.data.data !== null)
  useFetcherDone(retry, (answer) => {
    if (answer.ok && answer.data) window.location.assign(answer.data)
  })
  if (outcome === 'success') {
    return (
      <p className="notice notice-success" role="status">
        Your payment was received.
      </p>
    )
  }

  return (
    <div className="notice notice-problem" role="alert">
      <p>The payment did not go through, so the order is waiting for it.</p>
      {transaction && (
        <Button
          onClick={() => void retry.submit({ intent: 'retry-payment', transaction, ...(accessKey ? { key: accessKey } : {}) }, jsonSubmit)}
          disabled={busy}
          aria-busy={busy || undefined}
        >
          Try paying again
        </Button>
      )}
      {retry.data && !retry.data.ok && <Alert>{problemOf(retry.data.errors)}</Alert>}
    </div>
  )
}
