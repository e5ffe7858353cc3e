import type { OrderStatus } from '@shop/domain'
import { useState } from 'react'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { useToast } from '../../../components/ui/toast'
import { api, errorMessage } from '../../../lib/api'
import type { Order } from '../../../types/api'
import { updateOrder } from '../../../api/orders/update-order'
import { movedMessage, orderActions } from '../order-actions'

/**
 * The next step as one button ("Mark as packaged") and Cancel, after a confirmation, while the status
 * machine allows them. `onMoved` re-reads the order, so the page shows what the server now holds.
 */
export function OrderStatusActions({ order, onMoved }: { order: Order; onMoved: () => void }) {
  const toast = useToast()
  const [busy, setBusy] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const { next, canCancel } = orderActions(order.status, order.delivery.type)
  if (!next && !canCancel) return null

  async function move(status: OrderStatus) {
    if (busy) return
    setBusy(true)
    setError(null)
    try {
      await updateOrder(api, order._id, status)
      toast(movedMessage(order.orderId, status))
      setConfirming(false)
      onMoved()
    } catch (failure) {
      setConfirming(false)
      setError(errorMessage(failure))
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="order-status-actions">
      <div className="form-actions">
        {next && (
          // aria-disabled rather than disabled keeps keyboard focus on the button for the next step.
          <Button onClick={() => void move(next.status)} aria-disabled={busy || undefined} aria-busy={busy || undefined}>
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
        onConfirm={() => void move('canceled')}
        onCancel={() => setConfirming(false)}
      >
        <p>The items go back into stock and the customer is told. This cannot be undone.</p>
      </ConfirmDialog>
    </div>
  )
}
