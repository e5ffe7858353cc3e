import type { OrderStatus } from '@shop/domain'
import { useState } from 'react'
import { useFetcher } from 'react-router'
import type { Order } from '@shop/domain/schemas/orders'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { useToast } from '../../../components/ui/toast'
import type { ActionAnswer } from '../../../lib/route-data'
import { jsonSubmit, problemOf, useFetcherDone } from '../../../lib/route-data'
import { movedMessage, orderActions } from '../order-actions'

/**
 * The next step as one button ("Mark as packaged") and Cancel, after a confirmation, while the status
 * machine allows them. They submit the page's `move` intent; the page then re-reads the order, so it shows
 * what the server now holds.
 */
export function OrderStatusActions({ order }: { order: Order }) {
  const toast = useToast()
  const fetcher = useFetcher<ActionAnswer<'move', { status: OrderStatus }>>()
  const [confirming, setConfirming] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const busy = fetcher.state !== 'idle'
  useFetcherDone(fetcher, (answer) => {
    setConfirming(false)
    if (answer.ok) toast(movedMessage(order.orderId, answer.data.status))
    else setError(problemOf(answer.errors))
  })
  const { next, canCancel } = orderActions(order.status, order.delivery.type)
  if (!next && !canCancel) return null

  function move(status: OrderStatus) {
    if (busy) return
    setError(null)
    void fetcher.submit({ intent: 'move', status }, jsonSubmit)
  }

  return (
    <div className="order-status-actions">
      <div className="form-actions">
        {next && (
          // aria-disabled rather than disabled keeps keyboard focus on the button for the next step.
          <Button onClick={() => move(next.status)} aria-disabled={busy || undefined} aria-busy={busy || undefined}>
            {next.label}
          </Button>
        )}
        {canCancel && (
          <Button variant="secondary" onClick={() => setConfirming(true)} disabled={busy}>
            Cancel order
          </Button>
        )}
      </div>
      {error && <Alert onDismiss={() => setError(null)}>{error}</Alert>}
      <ConfirmDialog
        open={confirming}
        title={`Cancel order ${order.orderId}?`}
        confirmLabel="Yes, cancel the order"
        danger
        busy={busy}
        onConfirm={() => move('canceled')}
        onCancel={() => setConfirming(false)}
      >
        <p>The items go back into stock and the customer is told. This cannot be undone.</p>
      </ConfirmDialog>
    </div>
  )
}
