import { isMajorAmount } from '@shop/domain'
import type { Order } from '@shop/domain/schemas/orders'
import { type PaymentMethod, paymentMethodLabels, paymentMethods } from '@shop/domain/schemas/payments'
import type { Transaction } from '@shop/domain/schemas/payments'
import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { useFetcher } from 'react-router'
import { Alert } from '../../../components/ui/alert'
import { Button, SaveButton } from '../../../components/ui/button'
import { Field } from '../../../components/ui/field'
import { MoneyInput } from '../../../components/ui/number-input'
import { useToast } from '../../../components/ui/toast'
import { formatMoney } from '../../../lib/money'
import { type ActionAnswer, jsonSubmit, problemOf, useFetcherDone } from '../../../lib/route-data'

type Problems = Partial<Record<'amount' | 'reference' | 'form', string>>

/** The amount as typed ("40", "40.5", "1,200.00"), as a number, or null when it is not an amount. */
export function parseAmount(text: string): number | null {
  const cleaned = text.trim().replaceAll(',', '')
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null
  const value = Number(cleaned)
  return value > 0 && isMajorAmount(value) ? value : null
}

/**
 * "Record payment": how the shop was paid (cash, mobile money to its number, bank transfer), how much (the
 * balance due unless changed: part payments are fine) and the payer's reference. It submits the page's
 * `record-payment` intent; the page then re-reads the order, its balance and its timeline.
 */
export function RecordPaymentForm({ order }: { order: Order }) {
  const id = useId()
  const toast = useToast()
  const fetcher = useFetcher<ActionAnswer<'record-payment', Transaction>>()
  const [open, setOpen] = useState(false)
  const [method, setMethod] = useState<PaymentMethod>('cash')
  const [amount, setAmount] = useState('')
  const [reference, setReference] = useState('')
  const [errors, setErrors] = useState<Problems>({})
  const opener = useRef<HTMLButtonElement>(null)
  const busy = fetcher.state !== 'idle'
  const due = formatMoney(order.balance, order.currency)
  // Opened (by its button, or from the question before Delivered): the amount is where to start.
  useEffect(() => {
    if (open) document.getElementById(`${id}-amount`)?.focus()
  }, [open, id])

  useFetcherDone(fetcher, (answer) => {
    if (answer.ok) {
      toast(`Payment of ${formatMoney(answer.data.amount.value, answer.data.amount.currency)} recorded`)
      setOpen(false)
      opener.current?.focus()
    } else {
      const { amount, reference, ...rest } = answer.errors
      setErrors({ amount, reference, form: Object.keys(rest).length ? problemOf(rest) : undefined })
    }
  })

  if (order.status === 'canceled' || order.balance <= 0) return null

  function start() {
    setAmount(order.balance.toFixed(2))
    setReference('')
    setMethod('cash')
    setErrors({})
    setOpen(true)
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    const value = parseAmount(amount)
    const found: Problems = {}
    if (value === null) found.amount = 'Enter the amount received, like 40 or 40.50.'
    else if (value > order.balance) found.amount = `Enter at most the balance due, ${due}.`
    setErrors(found)
    if (found.amount) {
      document.getElementById(`${id}-amount`)?.focus()
      return
    }
    void fetcher.submit(
      { intent: 'record-payment', method, amount: value, ...(reference.trim() ? { reference: reference.trim() } : {}) },
      jsonSubmit,
    )
  }

  if (!open) {
    return (
      // data-record-payment: the "still due" question before Delivered opens this form too.
      <Button ref={opener} variant="secondary" onClick={start} data-record-payment>
        Record payment
      </Button>
    )
  }

  return (
    <form className="record-payment" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Record a payment</h3>
      <fieldset className="field">
        <legend>How was it paid?</legend>
        <div className="choice-list">
          {paymentMethods.map((option) => (
            <label key={option} className="choice">
              <input type="radio" name={`${id}-method`} value={option} checked={method === option} onChange={() => setMethod(option)} />
              <span>{paymentMethodLabels[option]}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <Field name="amount" id={`${id}-amount`} label={`Amount (${order.currency})`} hint={`Balance due ${due}. A part payment is fine.`} error={errors.amount}>
        {(props) => <MoneyInput {...props} max={order.balance} value={amount} onChange={setAmount} />}
      </Field>
      <Field
        name="reference"
        id={`${id}-reference`}
        label="Reference (optional)"
        hint="The mobile money transaction ID or the bank slip number."
        error={errors.reference}
      >
        {(props) => <input {...props} type="text" maxLength={100} autoComplete="off" value={reference} onChange={(event) => setReference(event.target.value)} />}
      </Field>
      {errors.form && <Alert onDismiss={() => setErrors((current) => ({ ...current, form: undefined }))}>{errors.form}</Alert>}
      <div className="form-actions">
        <SaveButton saving={busy}>Record payment</SaveButton>
        <Button variant="ghost" onClick={() => setOpen(false)} disabled={busy}>
          Cancel
        </Button>
      </div>
    </form>
  )
}
