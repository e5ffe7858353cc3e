import type { OrderStatus } from '@shop/domain'
import type { Refund, RefundMethod } from '@shop/domain/schemas/refunds'
import { useId, useState } from 'react'
import { useFetcher } from 'react-router'
import type { Order } from '@shop/domain/schemas/orders'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { Field } from '../../../components/ui/field'
import { MoneyInput } from '../../../components/ui/number-input'
import { useToast } from '../../../components/ui/toast'
import type { ActionAnswer } from '../../../lib/route-data'
import { jsonSubmit, problemOf, useFetcherDone } from '../../../lib/route-data'
import { formatMoney } from '../../../lib/money'
import { movedMessage, orderActions } from '../order-actions'
import { heldOf, parseRefundAmount, refundMethodsFor } from '../refund-input'
import { RefundMethodChoice } from './refund-method-choice'

/**
 * The next step as one button ("Mark as packaged") and Cancel, after a confirmation, while the status
 * machine allows them. They submit the page's `move` intent; the page then re-reads the order, so it shows
 * what the server now holds. Canceling an order that was paid offers to give the money back in the same
 * step (decision 59): the amount held, prefilled, and how it goes back; unticked, it stays a refund due.
 * Marking an order delivered while money is still due asks first (decision 57): record the payment (the
 * page's Record payment form opens), or confirm it goes delivered unpaid.
 */
export function OrderStatusActions({ order, canRefund = false }: { order: Order; canRefund?: boolean }) {
  const id = useId()
  const toast = useToast()
  const fetcher = useFetcher<ActionAnswer<'move', { status: OrderStatus; refunded?: Refund | null }>>()
  const [confirming, setConfirming] = useState(false)
  const [askingUnpaid, setAskingUnpaid] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const held = heldOf(order)
  const methods = refundMethodsFor(order)
  const [refundNow, setRefundNow] = useState(true)
  const [method, setMethod] = useState<RefundMethod>(methods[0]!)
  const [amount, setAmount] = useState(held.toFixed(2))
  const [amountError, setAmountError] = useState<string | null>(null)
  const busy = fetcher.state !== 'idle'
  const money = (value: number) => formatMoney(value, order.currency)
  useFetcherDone(fetcher, (answer) => {
    setConfirming(false)
    setAskingUnpaid(false)
    if (answer.ok) {
      const refunded = answer.data.refunded
      toast(refunded ? `Order ${order.orderId} was canceled and ${money(refunded.amount.value)} given back` : movedMessage(order.orderId, answer.data.status))
    } else setError(problemOf(answer.errors))
  })
  const { next, canCancel } = orderActions(order.status, order.delivery.type)
  if (!next && !canCancel) return null
  const offerRefund = canRefund && held > 0

  function move(status: OrderStatus, deliveredUnpaid = false) {
    if (busy) return
    setError(null)
    void fetcher.submit({ intent: 'move', status, ...(deliveredUnpaid ? { deliveredUnpaid: true } : {}) }, jsonSubmit)
  }

  function moveNext(status: OrderStatus) {
    if (status === 'delivered' && order.balance > 0) setAskingUnpaid(true)
    else move(status)
  }

  /** Opens the page's Record payment form, its amount the balance due, and goes there. */
  function recordFirst() {
    setAskingUnpaid(false)
    const opener = document.querySelector<HTMLButtonElement>('[data-record-payment]')
    opener?.scrollIntoView({ block: 'center' })
    opener?.click()
  }

  function cancel() {
    if (busy) return
    if (!offerRefund || !refundNow) return move('canceled')
    const value = parseRefundAmount(amount)
    if (value === null || value <= 0 || value > held) {
      setAmountError(`Enter an amount more than 0 and at most ${money(held)}.`)
      document.getElementById(`${id}-amount`)?.focus()
      return
    }
    setAmountError(null)
    setError(null)
    void fetcher.submit({ intent: 'move', status: 'canceled', refund: { amount: value, method, reason: 'Order canceled' } }, jsonSubmit)
  }

  return (
    <div className="order-status-actions">
      <div className="form-actions">
        {next && (
          // aria-disabled rather than disabled keeps keyboard focus on the button for the next step.
          <Button onClick={() => moveNext(next.status)} aria-disabled={busy || undefined} aria-busy={busy || undefined}>
            {next.label}
          </Button>
        )}
        {canCancel && (
          <Button
          variant="secondary"
          onClick={() => {
            setAmount(held.toFixed(2))
            setMethod(methods[0]!)
            setRefundNow(true)
            setAmountError(null)
            setConfirming(true)
          }}
          disabled={busy}
        >
            Cancel order
          </Button>
        )}
      </div>
      {error && <Alert onDismiss={() => setError(null)}>{error}</Alert>}
      <ConfirmDialog
        open={askingUnpaid}
        title={`${money(order.balance)} is still due`}
        confirmLabel="Delivered unpaid"
        busy={busy}
        onConfirm={() => move('delivered', true)}
        onCancel={() => setAskingUnpaid(false)}
      >
        <p>
          Record the payment first, or mark order {order.orderId} delivered unpaid: it then stays on the Overview's to-do list
          until it is paid.
        </p>
        <p>
          <Button variant="secondary" onClick={recordFirst} disabled={busy}>
            Record payment
          </Button>
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={confirming}
        title={`Cancel order ${order.orderId}?`}
        confirmLabel={offerRefund && refundNow ? 'Cancel and refund' : 'Yes, cancel the order'}
        danger
        busy={busy}
        onConfirm={cancel}
        onCancel={() => setConfirming(false)}
      >
        <p>The items go back into stock and the customer is told. This cannot be undone.</p>
        {offerRefund && (
          <fieldset className="cancel-refund">
            <legend>{money(held)} was paid</legend>
            <label className="choice">
              <input type="checkbox" checked={refundNow} onChange={(event) => setRefundNow(event.target.checked)} />
              <span>Refund it now</span>
            </label>
            {refundNow ? (
              <>
                <Field name="amount" id={`${id}-amount`} label={`Amount (${order.currency})`} error={amountError ?? undefined}>
                  {(props) => <MoneyInput {...props} max={held} value={amount} onChange={setAmount} />}
                </Field>
                <RefundMethodChoice name={`${id}-method`} methods={methods} value={method} onChange={setMethod} label="How the money goes back" />
              </>
            ) : (
              <p className="field-hint">It stays on the Overview as a refund due until you give it back.</p>
            )}
          </fieldset>
        )}
      </ConfirmDialog>
    </div>
  )
}
