import type { Order } from '@shop/domain/schemas/orders'
import type { Refund, RefundMethod } from '@shop/domain/schemas/refunds'
import { type FormEvent, useId, useRef, useState } from 'react'
import { useFetcher } from 'react-router'
import { Alert } from '../../../components/ui/alert'
import { Button, SaveButton } from '../../../components/ui/button'
import { Field } from '../../../components/ui/field'
import { MoneyInput, NumberInput } from '../../../components/ui/number-input'
import { useToast } from '../../../components/ui/toast'
import { formatMoney } from '../../../lib/money'
import { type ActionAnswer, jsonSubmit, problemOf, useFetcherDone } from '../../../lib/route-data'
import { problemAt, problemsElsewhere } from '../field-problems'
import { RefundMethodChoice } from './refund-method-choice'
import { type RefundProblems, heldOf, itemsOut, parseRefundAmount, refundMethodsFor, refundProblems } from '../refund-input'

/**
 * "Refund or return" (decision 59): how much goes back (what is due back, when something is), how (Paystack
 * for an order paid through it, or cash, mobile money, bank transfer as the shop pays it), why (the customer
 * reads it), the shop's reference, and the items that come back with their counts. A return without money
 * back is an amount of 0 with items. It submits the page's `refund` intent; the page then re-reads the order.
 */
export function RefundForm({ order, refunds }: { order: Order; refunds: readonly Refund[] }) {
  const id = useId()
  const toast = useToast()
  const fetcher = useFetcher<ActionAnswer<'refund', Refund>>()
  const methods = refundMethodsFor(order)
  const [open, setOpen] = useState(false)
  const [method, setMethod] = useState<RefundMethod>(methods[0]!)
  const [amount, setAmount] = useState('')
  const [reason, setReason] = useState('')
  const [reference, setReference] = useState('')
  const [counts, setCounts] = useState<Record<string, string>>({})
  const [errors, setErrors] = useState<RefundProblems>({})
  const opener = useRef<HTMLButtonElement>(null)
  const busy = fetcher.state !== 'idle'
  const held = heldOf(order)
  const items = itemsOut(order, refunds)
  const money = (value: number) => formatMoney(value, order.currency)

  useFetcherDone(fetcher, (answer) => {
    if (answer.ok) {
      const given = answer.data
      const words =
        given.amount.value > 0
          ? `${money(given.amount.value)} ${given.status === 'pending' ? 'is on its way back' : 'refunded'}`
          : 'Return recorded: the items are back on sale'
      toast(words)
      setOpen(false)
      opener.current?.focus()
    } else {
      // A returned line the API refuses is named by its place (`restock.0.count`): the items' message shows it.
      const { amount, reason, ...rest } = answer.errors
      const restock = problemAt(rest, 'restock')
      const elsewhere = problemsElsewhere(rest, ['restock'])
      setErrors({ amount, reason, restock, form: Object.keys(elsewhere).length ? problemOf(elsewhere) : undefined })
    }
  })

  if (held <= 0 && !items.some((item) => item.out > 0)) return null

  function start() {
    setAmount(order.refundDue.value > 0 ? order.refundDue.value.toFixed(2) : '')
    setMethod(methods[0]!)
    setReason('')
    setReference('')
    setCounts({})
    setErrors({})
    setOpen(true)
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    const value = parseRefundAmount(amount)
    const restock = items
      .map((item) => ({ item, count: Number(counts[item.key] || 0) }))
      .filter(({ count }) => count > 0)
    const found = refundProblems({ amount: value, reason, held, items: restock.length }, money)
    const over = restock.find(({ item, count }) => !Number.isInteger(count) || count > item.out)
    if (over) found.restock = `${over.item.title}: at most ${over.item.out} can come back.`
    setErrors(found)
    const first = (['amount', 'reason', 'restock'] as const).find((field) => found[field])
    if (first) {
      document.getElementById(`${id}-${first}`)?.focus()
      return
    }
    void fetcher.submit(
      {
        intent: 'refund',
        amount: value,
        method,
        reason: reason.trim(),
        ...(reference.trim() && method !== 'paystack' ? { reference: reference.trim() } : {}),
        restock: restock.map(({ item, count }) => ({ product: item.product, ...(item.variant ? { variant: item.variant } : {}), count })),
      },
      jsonSubmit,
    )
  }

  if (!open) {
    return (
      <Button ref={opener} variant="secondary" onClick={start}>
        Refund or return
      </Button>
    )
  }

  const value = parseRefundAmount(amount)
  return (
    <form className="record-payment refund-form" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Refund or return</h3>
      <Field
        name="amount"
        id={`${id}-amount`}
        label={`Amount to give back (${order.currency})`}
        hint={`Up to ${money(held)}, what was paid and not yet refunded. 0 when only items come back.`}
        error={errors.amount}
      >
        {(props) => <MoneyInput {...props} max={held} value={amount} onChange={setAmount} />}
      </Field>
      <fieldset className="field">
        <legend>How does the money go back?</legend>
        <RefundMethodChoice name={`${id}-method`} methods={methods} value={method} onChange={setMethod} />
        {method === 'paystack' && <p className="field-hint">Paystack sends it back to the card or wallet that paid; it can take a few days.</p>}
      </fieldset>
      <Field name="reason" id={`${id}-reason`} label="Why?" hint="The customer reads this in their message." error={errors.reason}>
        {(props) => <input {...props} type="text" maxLength={200} autoComplete="off" value={reason} onChange={(event) => setReason(event.target.value)} />}
      </Field>
      {method !== 'paystack' && (
        <Field name="reference" id={`${id}-reference`} label="Reference (optional)" hint="The mobile money transaction ID or the bank reference.">
          {(props) => <input {...props} type="text" maxLength={100} autoComplete="off" value={reference} onChange={(event) => setReference(event.target.value)} />}
        </Field>
      )}
      {items.some((item) => item.out > 0) && (
        <fieldset className="field refund-items" aria-describedby={errors.restock ? `${id}-restock-error` : undefined}>
          <legend>Items coming back (optional)</legend>
          <p className="field-hint">They go back on sale. Leave at 0 for a refund without a return.</p>
          {items
            .filter((item) => item.out > 0)
            .map((item, index) => (
              <label key={item.key} className="refund-item">
                <span>
                  {item.title}
                  <span className="hint block">
                    {item.out} of {item.sold} with the customer
                  </span>
                </span>
                <NumberInput
                  id={index === 0 ? `${id}-restock` : `${id}-restock-${index}`}
                  name={`restock.${index}.count`}
                  aria-invalid={errors.restock ? true : undefined}
                  aria-describedby={errors.restock ? `${id}-restock-error` : undefined}
                  min={0}
                  max={item.out}
                  value={counts[item.key] ?? '0'}
                  onChange={(count) => setCounts((current) => ({ ...current, [item.key]: count }))}
                />
              </label>
            ))}
          {errors.restock && (
            <p className="field-error" id={`${id}-restock-error`}>
              {errors.restock}
            </p>
          )}
        </fieldset>
      )}
      {errors.form && <Alert onDismiss={() => setErrors((current) => ({ ...current, form: undefined }))}>{errors.form}</Alert>}
      <div className="form-actions">
        <SaveButton saving={busy}>{value && value > 0 ? `Refund ${money(value)}` : 'Take the items back'}</SaveButton>
        <Button variant="ghost" onClick={() => setOpen(false)} disabled={busy}>
          Cancel
        </Button>
      </div>
    </form>
  )
}
