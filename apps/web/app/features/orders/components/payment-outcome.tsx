import { useState } from 'react'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { api, errorMessage } from '../../../lib/api'
import { retryPayment } from '../../../api/transactions/retry-payment'

/** Back from a pay page (`?payment=&transaction=`): paid, or a way to try paying again. */
export function PaymentOutcome({ outcome, transaction, accessKey }: { outcome: string; transaction: string | null; accessKey: string | null }) {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  if (outcome === 'success') {
    return (
      <p className="notice notice-success" role="status">
        Your payment was received.
      </p>
    )
  }

  async function retry() {
    if (!transaction) return
    setBusy(true)
    setError(null)
    try {
      const redirect = await retryPayment(api, transaction, accessKey)
      if (redirect) window.location.assign(redirect)
      else setBusy(false)
    } catch (failure) {
      setError(errorMessage(failure))
      setBusy(false)
    }
  }

  return (
    <div className="notice notice-problem" role="alert">
      <p>The payment did not go through, so the order is waiting for it.</p>
      {transaction && (
        <Button onClick={() => void retry()} disabled={busy} aria-busy={busy || undefined}>
          Try paying again
        </Button>
      )}
      {error && <Alert onDismiss={() => setError(null)}>{error}</Alert>}
    </div>
  )
}
