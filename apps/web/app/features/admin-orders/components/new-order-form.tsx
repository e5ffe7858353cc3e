import { formatMinor, orderSourceLabels, toMinor, variantOffer } from '@shop/domain'
import type { Product } from '@shop/domain/schemas/catalog'
import type { Region } from '@shop/domain/schemas/delivery'
import { type PaymentMethod, paymentMethodLabels, paymentMethods } from '@shop/domain/schemas/payments'
import type { Shop } from '@shop/domain/schemas/shop'
import { type FormEvent, useId, useMemo, useRef, useState } from 'react'
import { useFetcher } from 'react-router'
import { listProducts } from '../../../api/products/list-products'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { Field } from '../../../components/ui/field'
import { MoneyInput } from '../../../components/ui/number-input'
import { api } from '../../../lib/api'
import { randomId } from '../../../lib/random-id'
import { type ActionAnswer, jsonSubmit, useFetcherDone } from '../../../lib/route-data'
import { DeliveryFields } from '../../../components/delivery-fields'
import { ProductsFound, variantLabel } from './products-found'
import { deliveryInput, deliveryProblems } from '../../../lib/delivery-details'
import { useDeliveryDraft } from '../../../lib/use-delivery-draft'
import { estimate } from '../../../lib/totals'
import { withPromotions } from '../../../lib/promotion-totals'
import { usePromotions } from '../../../lib/use-promotions'
import { BuyerFields, checkBuyer, emptyBuyer } from './buyer-fields'
import { type NewOrderField, type NewOrderProblems, newOrderProblems } from '../new-order-problems'
import { type EnteredSource, type PlaceOrderSubmission, enteredSources } from '../order-submissions'
import { parseAmount } from './record-payment-form'

/** The ways an order staff enter is settled (decision 61). */
export const staffPayments = ['paid-now', 'on-delivery', 'pay-link'] as const
export type StaffPayment = (typeof staffPayments)[number]

const paymentWords: Record<StaffPayment, string> = {
  'paid-now': 'Paid now',
  'on-delivery': 'Pay on delivery or at pick-up',
  'pay-link': 'Send a pay link',
}

type Line = { product: string; title: string; variant: string | null; count: number; unitPriceMinor: number; variants: { _id: string; label: string }[] }
type Problems = NewOrderProblems

/** In the order the form shows them: the first with a problem gets the focus. */
const fieldOrder: readonly NewOrderField[] = ['source', 'lines', 'name', 'phone', 'email', 'region', 'rate', 'address', 'code', 'discount', 'paid', 'note']

/** What one sells at: the variant's own price when it has one, as the server prices the order. */
const unitPriceMinor = (product: Product, variant: string | null = null) => toMinor(variantOffer(product, variant).unitPrice)

/**
 * "New order": staff enter an order a buyer sent by WhatsApp, a call, at the counter or on social media:
 * products found by search with their variants and counts, the customer (BuyerFields), delivery or pick-up
 * (the checkout's own fields), a discount code or (managers and up) a manual discount with its reason, a
 * note, where it came from, and how it is paid. It submits the page's `place-order` intent.
 */
export function NewOrderForm({ shop, regions, canDiscount }: { shop: Shop; regions: Region[]; canDiscount: boolean }) {
  const id = useId()
  const fetcher = useFetcher<ActionAnswer<'place-order', unknown>>()
  const [lines, setLines] = useState<Line[]>([])
  const [search, setSearch] = useState('')
  const [found, setFound] = useState<Product[] | null>(null)
  const [buyer, setBuyer] = useState(emptyBuyer)
  const [source, setSource] = useState<EnteredSource>('whatsapp')
  const [code, setCode] = useState('')
  const [amount, setAmount] = useState('')
  const [reason, setReason] = useState('')
  const [note, setNote] = useState('')
  const [payment, setPayment] = useState<StaffPayment>('on-delivery')
  const [method, setMethod] = useState<PaymentMethod>('cash')
  const [paid, setPaid] = useState('')
  const [errors, setErrors] = useState<Problems>({})
  const attempt = useRef<{ signature: string; key: string } | null>(null)
  const busy = fetcher.state !== 'idle'
  const currency = shop.currency

  const items = useMemo(() => lines.map((line) => ({ product: line.product, ...(line.variant ? { variant: line.variant } : {}), count: line.count })), [lines])
  const delivery = useDeliveryDraft(shop._id, items)
  const promotions = usePromotions(shop._id)
  const { figures } = withPromotions(estimate({ lines, deliveryType: delivery.draft.type, rate: delivery.rate, code: null, taxRate: shop.taxRate }), promotions, {
    deliveryType: delivery.draft.type,
    region: delivery.draft.type === 'dispatch' ? delivery.draft.region : '',
    paymentOption: delivery.rate?.paymentOption ?? null,
    currency: shop.currency,
  })
  const manual = canDiscount ? parseAmount(amount) : null

  useFetcherDone(fetcher, (answer) => {
    // Placed, the page moves to the order; only a refusal comes back here, each problem beside its part.
    if (answer.ok) return
    const found = newOrderProblems(answer.errors)
    setErrors(found)
    focusFirst(found)
  })

  function focusFirst(found: Problems): boolean {
    const first = fieldOrder.find((field) => found[field])
    if (first) document.getElementById(`${id}-${first}`)?.focus()
    return first !== undefined
  }

  async function find(event: { preventDefault(): void }) {
    event.preventDefault()
    const text = search.trim()
    if (!text) return
    const page = await listProducts(api, { shop: shop._id, title: { $q: text }, $limit: 8 }).catch(() => null)
    setFound(page?.data ?? [])
  }

  function add(product: Product, variant: string | null) {
    const variants = product.variants.map((v) => ({ _id: v._id, label: variantLabel(v.features) }))
    setLines((current) => {
      const existing = current.findIndex((line) => line.product === product._id && line.variant === variant)
      if (existing >= 0) return current.map((line, i) => (i === existing ? { ...line, count: Math.min(1000, line.count + 1) } : line))
      return [...current, { product: product._id, title: product.title, variant, count: 1, unitPriceMinor: unitPriceMinor(product, variant), variants }]
    })
    setErrors(({ lines: _, ...rest }) => rest)
  }

  const setCount = (index: number, count: number) =>
    setLines((current) => (count < 1 ? current.filter((_, i) => i !== index) : current.map((line, i) => (i === index ? { ...line, count: Math.min(1000, count) } : line))))

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    const found: Problems = {}
    if (lines.length === 0) found.lines = 'Add at least one product.'
    const checked = await checkBuyer(buyer, source !== 'walk-in' || delivery.draft.type === 'dispatch')
    Object.assign(found, checked.problems, deliveryProblems(delivery.draft, delivery.rates))
    if (canDiscount && amount.trim()) {
      if (manual === null) found.discount = 'Enter the discount as an amount, like 10 or 10.50.'
      else if (!reason.trim()) found.discount = 'Say why you give the discount: the customer sees it.'
    }
    const paidAmount = payment === 'paid-now' && paid.trim() ? parseAmount(paid) : null
    if (payment === 'paid-now' && paid.trim() && paidAmount === null) found.paid = 'Enter the amount received, like 120 or 120.50.'
    setErrors(found)
    if (focusFirst(found)) return
    const email = buyer.email.trim()
    const order = {
      source,
      items,
      delivery: deliveryInput(delivery.draft, checked.phone),
      name: buyer.name.trim(),
      ...(checked.phone ? { phone: checked.phone } : {}),
      ...(code.trim() ? { discount: { code: code.trim() } } : {}),
      ...(manual !== null && amount.trim() ? { adjustment: { amount: manual, reason: reason.trim() } } : {}),
      ...(note.trim() ? { note: note.trim() } : {}),
    }
    // A retry of the same order (after a lost answer) sends the same key, so it is placed once.
    const signature = JSON.stringify([order, email])
    if (attempt.current?.signature !== signature) attempt.current = { signature, key: randomId() }
    const submission: PlaceOrderSubmission = {
      ...order,
      ...(email ? { email } : {}),
      idempotencyKey: attempt.current.key,
      paidNow: payment === 'paid-now' ? { method, amount: paidAmount } : null,
    }
    void fetcher.submit({ intent: 'place-order', ...submission }, jsonSubmit)
  }

  return (
    <form className="new-order" onSubmit={(event) => void onSubmit(event)} noValidate aria-label="New order">
      <fieldset className="panel">
        <legend>Where the order came from</legend>
        <Field name="source" id={`${id}-source`} label="Came from" error={errors.source}>
          {(props) => (
            <select {...props} value={source} onChange={(event) => setSource(event.target.value as typeof source)}>
              {enteredSources.map((option) => (
                <option key={option} value={option}>
                  {orderSourceLabels[option]}
                </option>
              ))}
            </select>
          )}
        </Field>
      </fieldset>

      <fieldset className="panel">
        <legend>Items</legend>
        <div className="new-order-search" role="search">
          <Field name="search" id={`${id}-search`} label="Find a product">
            {(props) => (
              <input
                {...props}
                type="search"
                placeholder="Name of the product"
                value={search}
                onChange={(event) => setSearch(event.target.value)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') void find(event)
                }}
              />
            )}
          </Field>
          <Button variant="secondary" onClick={(event) => void find(event)}>
            Search
          </Button>
        </div>
        {found !== null &&
          (found.length === 0 ? (
            <p className="hint" role="status">
              No product matches. Try another word.
            </p>
          ) : (
            <ProductsFound products={found} currency={currency} onAdd={add} />
          ))}
        {lines.length > 0 && (
          <ul className="new-order-lines" aria-label="Items in the order">
            {lines.map((line, index) => {
              const what = `${line.title}${line.variant ? `, ${line.variants.find((v) => v._id === line.variant)?.label ?? line.variant}` : ''}`
              return (
                <li key={`${line.product}/${line.variant ?? ''}`} className="new-order-line">
                  <span className="new-order-title">{what}</span>
                  <span className="new-order-count">
                    <Button variant="ghost" onClick={() => setCount(index, line.count - 1)} aria-label={`One less ${what}`}>
                      −
                    </Button>
                    <output aria-label={`How many ${what}`}>{line.count}</output>
                    <Button variant="ghost" onClick={() => setCount(index, line.count + 1)} aria-label={`One more ${what}`}>
                      +
                    </Button>
                  </span>
                  <span className="new-order-amount">{formatMinor(line.unitPriceMinor * line.count, currency)}</span>
                </li>
              )
            })}
          </ul>
        )}
        <p id={`${id}-lines`} tabIndex={-1} className={errors.lines ? 'field-error' : 'hint'}>
          {errors.lines ?? (lines.length ? `Items: ${formatMinor(figures.subtotal, currency)}` : 'Search for the products the customer wants.')}
        </p>
      </fieldset>

      <fieldset className="panel">
        <legend>Customer</legend>
        <BuyerFields
          shopId={shop._id}
          idPrefix={id}
          buyer={buyer}
          onChange={(change) => setBuyer((current) => ({ ...current, ...change }))}
          errors={errors}
          phoneRequired={source !== 'walk-in' || delivery.draft.type === 'dispatch'}
        />
      </fieldset>

      <fieldset className="panel">
        <legend>Delivery</legend>
        <DeliveryFields idPrefix={id} regions={regions} shop={shop} delivery={delivery} errors={errors} />
      </fieldset>

      <fieldset className="panel">
        <legend>Discount</legend>
        <Field name="code" id={`${id}-code`} label="Discount code (optional)" error={errors.code}>
          {(props) => <input {...props} type="text" autoComplete="off" maxLength={64} value={code} onChange={(event) => setCode(event.target.value)} />}
        </Field>
        {canDiscount && (
          <div className="new-order-manual" id={`${id}-discount`} tabIndex={-1}>
            <Field name="adjustment" id={`${id}-adjustment`} label={`Discount by hand, ${currency} (optional)`}>
              {(props) => <MoneyInput {...props} value={amount} onChange={setAmount} />}
            </Field>
            {amount.trim() && (
              <Field name="reason" id={`${id}-reason`} label="Why (the customer sees it)">
                {(props) => <input {...props} type="text" maxLength={200} value={reason} onChange={(event) => setReason(event.target.value)} />}
              </Field>
            )}
            {errors.discount && <p className="field-error">{errors.discount}</p>}
          </div>
        )}
      </fieldset>

      <fieldset className="panel">
        <legend>Payment</legend>
        <div className="choice-list">
          {staffPayments.map((option) => (
            <label key={option} className="choice">
              <input type="radio" name={`${id}-payment`} value={option} checked={payment === option} onChange={() => setPayment(option)} />
              <span>{paymentWords[option]}</span>
            </label>
          ))}
        </div>
        {payment === 'paid-now' && (
          <>
            <Field name="method" id={`${id}-method`} label="Paid by">
              {(props) => (
                <select {...props} value={method} onChange={(event) => setMethod(event.target.value as PaymentMethod)}>
                  {paymentMethods.map((option) => (
                    <option key={option} value={option}>
                      {paymentMethodLabels[option]}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field name="paid" id={`${id}-paid`} label={`Amount received, ${currency}`} hint="Leave empty when they paid the whole total." error={errors.paid}>
              {(props) => <MoneyInput {...props} value={paid} onChange={setPaid} />}
            </Field>
          </>
        )}
        {payment === 'pay-link' && <p className="hint">The order is placed to pay later; send its pay link from the order page.</p>}
      </fieldset>

      <fieldset className="panel">
        <legend>Note</legend>
        <Field name="note" id={`${id}-note`} label="Note for the order's timeline (optional)" error={errors.note}>
          {(props) => <textarea {...props} rows={2} maxLength={500} value={note} onChange={(event) => setNote(event.target.value)} />}
        </Field>
      </fieldset>

      <div className="panel new-order-submit">
        {lines.length > 0 && (
          <p>
            About <strong>{formatMinor(Math.max(0, figures.total - (manual ? toMinor(manual) : 0)), currency)}</strong>
            {figures.deliveryPaid === 'on-delivery' ? ' plus delivery paid to the rider' : ''}, before any code and tax.
          </p>
        )}
        {errors.form && <Alert onDismiss={() => setErrors(({ form: _, ...rest }) => rest)}>{errors.form}</Alert>}
        <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
          {busy ? 'Placing the order…' : 'Place order'}
        </Button>
      </div>
    </form>
  )
}
