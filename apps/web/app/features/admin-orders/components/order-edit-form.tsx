import type { DeliveryRateOption, Region } from '@shop/domain/schemas/delivery'
import type { Product } from '@shop/domain/schemas/catalog'
import { MAX_COUNT } from '@shop/domain/schemas/order-input'
import type { Order } from '@shop/domain/schemas/orders'
import type { Shop } from '@shop/domain/schemas/shop'
import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { useFetcher } from 'react-router'
import { calculateDelivery } from '../../../api/delivery/calculate-delivery'
import { listProducts } from '../../../api/products/list-products'
import { Alert } from '../../../components/ui/alert'
import { Button, SaveButton } from '../../../components/ui/button'
import { Field } from '../../../components/ui/field'
import { MoneyInput, NumberInput } from '../../../components/ui/number-input'
import { RegionSelect } from '../../../components/region-select'
import { useToast } from '../../../components/ui/toast'
import { api } from '../../../lib/api'
import { formatMoney } from '../../../lib/money'
import type { FieldErrors } from '../../../lib/field-errors'
import { type ActionAnswer, jsonSubmit, problemOf, useFetcherDone } from '../../../lib/route-data'
import { problemAt, problemsElsewhere } from '../field-problems'
import type { EditOrderSubmission } from '../order-submissions'
import { parseAmount } from './record-payment-form'
import { ProductsFound, variantLabel } from './products-found'
import { pickupWords } from '../../../lib/order-words'

/** A line as the form holds it: its count as typed, and the product's variants once read, to change the size or colour. */
type EditLine = { product: string; title: string; variant: string | null; count: string; variants: { _id: string; label: string }[] }

/** What an edit sends besides `preview`. */
type OrderEdit = Omit<EditOrderSubmission, 'preview'>

/** A line's count as typed, when it is one the order takes: a whole number from 1 to MAX_COUNT. */
function countOf(text: string): number | null {
  const count = Number(text.trim())
  return text.trim() !== '' && Number.isInteger(count) && count >= 1 && count <= MAX_COUNT ? count : null
}

function linesOf(order: Order): EditLine[] {
  return order.items.map((line) => ({
    product: line.product._id,
    title: line.product.title,
    variant: line.variant?._id ?? null,
    count: String(line.count),
    variants: line.variant ? [{ _id: line.variant._id, label: variantLabel(line.variant.features) }] : [],
  }))
}

/** What the form sends: every line (its count checked), the delivery when it was changed, the manual discount when it was. */
export function editInput(lines: EditLine[], delivery: OrderEdit['delivery'] | null, adjustment: OrderEdit['adjustment']): OrderEdit {
  return {
    items: lines.map((line) => ({ product: line.product, ...(line.variant ? { variant: line.variant } : {}), count: countOf(line.count) ?? 1 })),
    ...(delivery ? { delivery } : {}),
    ...(adjustment !== undefined ? { adjustment } : {}),
  }
}

type Answer = ActionAnswer<'edit-order', { order: Order; preview: boolean }>

type Props = {
  order: Order
  regions: Region[]
  /** What the shop offers (the order's own way is always shown) and where pick-up happens. */
  shop: Pick<Shop, 'offersPickup' | 'offersDelivery' | 'pickupAddress'>
  canDiscount: boolean
}

/**
 * "Edit order" while an order is placed or packaged: change counts or sizes, remove a line, add a product,
 * change the delivery, and (managers and up) give a manual discount with its reason. "Review changes" asks
 * the API what the order would become (its new total, and what is left to collect or to refund) without
 * changing it; "Save changes" then makes the edit. Both go through the page's `edit-order` intent.
 */
export function OrderEditForm({ order, regions, shop, canDiscount }: Props) {
  const id = useId()
  const toast = useToast()
  const fetcher = useFetcher<Answer>()
  const [open, setOpen] = useState(false)
  const [lines, setLines] = useState<EditLine[]>(() => linesOf(order))
  const [search, setSearch] = useState('')
  const [found, setFound] = useState<Product[]>([])
  const [deliveryType, setDeliveryType] = useState(order.delivery.type)
  const [region, setRegion] = useState(order.delivery.region ?? '')
  const [rate, setRate] = useState(order.delivery.rate?._id ?? '')
  const [fetchedRates, setFetchedRates] = useState<{ region: string; rates: DeliveryRateOption[] } | null>(null)
  const [address, setAddress] = useState(order.delivery.address ?? '')
  const [deliveryChanged, setDeliveryChanged] = useState(false)
  const [amount, setAmount] = useState(order.adjustment ? String(order.adjustment.value) : '')
  const [reason, setReason] = useState(order.adjustment?.reason ?? '')
  const [preview, setPreview] = useState<Order | null>(null)
  const [problems, setProblems] = useState<FieldErrors>({})
  const opener = useRef<HTMLButtonElement>(null)
  const busy = fetcher.state !== 'idle'
  const money = (value: number) => formatMoney(value, order.currency)
  // The API takes only a way the shop offers; the order keeps its own even when the shop stopped offering it.
  const deliveryTypes = (['pick-up', 'dispatch'] as const).filter(
    (type) => type === order.delivery.type || (type === 'pick-up' ? shop.offersPickup : shop.offersDelivery),
  )

  // The variants of the products on the order, to offer another size or colour.
  useEffect(() => {
    if (!open) return
    const ids = [...new Set(order.items.map((line) => line.product._id))]
    void listProducts(api, { shop: order.shop, _id: { $in: ids }, $limit: 100 }).then(
      (page) => {
        const byId = new Map(page.data.map((product) => [product._id, product]))
        setLines((current) =>
          current.map((line) => {
            const product = byId.get(line.product)
            return product && product.variants.length ? { ...line, variants: product.variants.map((v) => ({ _id: v._id, label: variantLabel(v.features) })) } : line
          }),
        )
      },
      () => undefined,
    )
  }, [open, order.items, order.shop])

  // The shop's rates for the region chosen, as the checkout offers them.
  useEffect(() => {
    if (!open || deliveryType !== 'dispatch' || !region) return
    const items = lines.map((line) => ({ product: line.product, ...(line.variant ? { variant: line.variant } : {}), count: countOf(line.count) ?? 1 }))
    const controller = new AbortController()
    const done = (rates: DeliveryRateOption[]) => setFetchedRates({ region, rates })
    void calculateDelivery(api, { shop: order.shop, region, items }, controller.signal).then(done, () => done([]))
    return () => controller.abort()
    // The rates depend on the region, not on each count typed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, deliveryType, region, order.shop])
  // The chosen region's rates; null while they are being fetched.
  const rates = fetchedRates?.region === region ? fetchedRates.rates : null

  useFetcherDone(fetcher, (answer) => {
    if (!answer.ok) {
      setProblems(answer.errors)
      return
    }
    if (answer.data.preview) {
      setPreview(answer.data.order)
      return
    }
    toast(`Order ${order.orderId} changed`)
    setOpen(false)
    opener.current?.focus()
  })

  function changed() {
    setPreview(null)
    setProblems({})
  }

  function start() {
    setLines(linesOf(order))
    setDeliveryType(order.delivery.type)
    setRegion(order.delivery.region ?? '')
    setRate(order.delivery.rate?._id ?? '')
    setAddress(order.delivery.address ?? '')
    setDeliveryChanged(false)
    setAmount(order.adjustment ? String(order.adjustment.value) : '')
    setReason(order.adjustment?.reason ?? '')
    setSearch('')
    setFound([])
    changed()
    setOpen(true)
  }

  function setLine(index: number, change: Partial<EditLine>) {
    setLines((current) => current.map((line, i) => (i === index ? { ...line, ...change } : line)))
    changed()
  }

  async function find(event: FormEvent) {
    event.preventDefault()
    const text = search.trim()
    if (!text) return
    const page = await listProducts(api, { shop: order.shop, title: { $q: text }, $limit: 8 }).catch(() => null)
    setFound(page?.data ?? [])
  }

  function add(product: Product, variant: string | null) {
    const variants = product.variants.map((v) => ({ _id: v._id, label: variantLabel(v.features) }))
    const existing = lines.findIndex((line) => line.product === product._id && line.variant === variant)
    if (existing >= 0) setLine(existing, { count: String(Math.min(MAX_COUNT, (countOf(lines[existing]!.count) ?? 0) + 1)) })
    else {
      setLines((current) => [...current, { product: product._id, title: product.title, variant, count: '1', variants }])
      changed()
    }
    setFound([])
    setSearch('')
  }

  /** The edit as the API takes it, or what is missing, by the field it is about. */
  function input(): { ok: true; edit: OrderEdit } | { ok: false; problems: FieldErrors } {
    if (lines.length === 0) return { ok: false, problems: { form: 'An order needs at least one item. To drop them all, cancel the order.' } }
    const found: FieldErrors = {}
    lines.forEach((line, index) => {
      if (countOf(line.count) === null) found[`items.${index}.count`] = `Enter how many, a whole number from 1 to ${MAX_COUNT}.`
    })
    let delivery: OrderEdit['delivery'] | null = null
    if (deliveryChanged) {
      if (deliveryType === 'pick-up') delivery = { type: 'pick-up' }
      else {
        if (!region) found['delivery.region'] = 'Choose the region.'
        else if (!rate) found['delivery.rate'] = 'Choose the delivery rate.'
        if (!address.trim()) found['delivery.address'] = 'Enter the address.'
        delivery = { type: 'dispatch', region, rate, address: address.trim() }
      }
    }
    let adjustment: OrderEdit['adjustment']
    if (canDiscount) {
      const was = order.adjustment
      if (!amount.trim()) adjustment = was ? null : undefined
      else {
        const value = parseAmount(amount)
        if (value === null) found['adjustment.amount'] = 'Enter the discount as an amount, like 10 or 10.50.'
        else if (!reason.trim()) found['adjustment.reason'] = 'Say why you give the discount: the buyer sees it.'
        else adjustment = was && was.value === value && was.reason === reason.trim() ? undefined : { amount: value, reason: reason.trim() }
      }
    }
    return Object.keys(found).length ? { ok: false, problems: found } : { ok: true, edit: editInput(lines, delivery, adjustment) }
  }

  function submit(previewOnly: boolean) {
    if (busy) return
    const checked = input()
    if (!checked.ok) {
      setProblems(checked.problems)
      return
    }
    setProblems({})
    const submission: EditOrderSubmission = { ...checked.edit, preview: previewOnly }
    void fetcher.submit({ intent: 'edit-order', ...submission }, jsonSubmit)
  }

  if (order.status !== 'placed' && order.status !== 'packaged') return null
  // Each problem beside its control; the rest (a refusal of the whole edit) in the form's message.
  const shown = [
    ...lines.map((_, index) => `items.${index}`),
    ...(deliveryType === 'dispatch' ? ['delivery.region', 'delivery.rate', 'delivery.address'] : []),
    ...(canDiscount ? ['adjustment.amount', 'adjustment.reason'] : []),
  ]
  const elsewhere = problemsElsewhere(problems, shown)
  const problem = Object.keys(elsewhere).length ? problemOf(elsewhere) : null
  if (!open) {
    return (
      <Button ref={opener} variant="secondary" onClick={start}>
        Edit order
      </Button>
    )
  }

  return (
    <section className="order-edit" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Edit order {order.orderId}</h2>
      <ul className="order-edit-lines">
        {lines.map((line, index) => {
          const lineProblem = problemAt(problems, `items.${index}`)
          return (
            <li key={`${line.product}/${line.variant ?? ''}`} className="order-edit-line">
              <span className="order-edit-title">{line.title}</span>
              {line.variants.length > 1 && (
                <label>
                  <span>Size or colour</span>
                  <select value={line.variant ?? ''} onChange={(event) => setLine(index, { variant: event.target.value })}>
                    {line.variants.map((v) => (
                      <option key={v._id} value={v._id}>
                        {v.label}
                      </option>
                    ))}
                  </select>
                </label>
              )}
              <label>
                <span>How many</span>
                <NumberInput
                  id={`${id}-count-${index}`}
                  name={`items.${index}.count`}
                  aria-invalid={lineProblem ? true : undefined}
                  aria-describedby={lineProblem ? `${id}-count-${index}-error` : undefined}
                  min={1}
                  max={MAX_COUNT}
                  value={line.count}
                  onChange={(count) => setLine(index, { count })}
                />
              </label>
              <Button
                variant="ghost"
                onClick={() => {
                  setLines((current) => current.filter((_, i) => i !== index))
                  changed()
                }}
              >
                Remove {line.title}
              </Button>
              {lineProblem && (
                <p className="field-error" id={`${id}-count-${index}-error`}>
                  {lineProblem}
                </p>
              )}
            </li>
          )
        })}
      </ul>
      <form className="order-edit-search" role="search" onSubmit={(event) => void find(event)}>
        <Field name="search" label="Add a product">
          {(props) => <input {...props} type="search" placeholder="Search your products" value={search} onChange={(event) => setSearch(event.target.value)} />}
        </Field>
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </form>
      {found.length > 0 && (
        <ProductsFound products={found} currency={order.currency} onAdd={add} />
      )}
      <fieldset className="field">
        <legend>Delivery</legend>
        <div className="choice-list">
          {deliveryTypes.map((type) => (
            <label key={type} className="choice">
              <input
                type="radio"
                name={`${id}-delivery`}
                checked={deliveryType === type}
                onChange={() => {
                  setDeliveryType(type)
                  setDeliveryChanged(true)
                  changed()
                }}
              />
              <span>{type === 'pick-up' ? pickupWords(shop.pickupAddress) : 'Delivery to an address'}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {deliveryType === 'dispatch' && (
        <>
          <Field name="delivery.region" label="Region" error={problemAt(problems, 'delivery.region')}>
            {(props) => (
              <RegionSelect
                {...props}
                regions={regions}
                value={region}
                placeholder="Choose a region"
                onChange={(chosen) => {
                  setRegion(chosen)
                  setRate('')
                  setDeliveryChanged(true)
                  changed()
                }}
              />
            )}
          </Field>
          <Field
            name="delivery.rate"
            label="Delivery rate"
            error={problemAt(problems, 'delivery.rate')}
            hint={!region ? undefined : rates === null ? 'Finding your rates for this region…' : rates.length === 0 ? 'No delivery rate of yours covers this region.' : undefined}
          >
            {(props) => (
              <select
                {...props}
                value={rate}
                onChange={(event) => {
                  setRate(event.target.value)
                  setDeliveryChanged(true)
                  changed()
                }}
              >
                <option value="">Choose a rate</option>
                {(rates ?? []).map((option) => (
                  <option key={option._id} value={option._id}>
                    {option.name} · {money(option.fee.value)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field name="delivery.address" label="Address" error={problemAt(problems, 'delivery.address')}>
            {(props) => (
              <textarea
                {...props}
                rows={2}
                maxLength={500}
                value={address}
                onChange={(event) => {
                  setAddress(event.target.value)
                  setDeliveryChanged(true)
                  changed()
                }}
              />
            )}
          </Field>
        </>
      )}
      {canDiscount && (
        <fieldset className="field">
          <legend>Manual discount (optional)</legend>
          <Field name="adjustment.amount" label={`Amount off (${order.currency})`} hint="Leave empty for none." error={problemAt(problems, 'adjustment.amount')}>
            {(props) => (
              <MoneyInput
                {...props}
                value={amount}
                onChange={(text) => {
                  setAmount(text)
                  changed()
                }}
              />
            )}
          </Field>
          <Field name="adjustment.reason" label="Reason" hint="The buyer sees it on the receipt." error={problemAt(problems, 'adjustment.reason')}>
            {(props) => <input {...props} type="text" maxLength={200} value={reason} onChange={(event) => { setReason(event.target.value); changed() }} />}
          </Field>
        </fieldset>
      )}
      {preview && <EditPreview before={order} after={preview} />}
      {problem && <Alert onDismiss={() => setProblems((current) => Object.fromEntries(Object.entries(current).filter(([path]) => !(path in elsewhere))))}>{problem}</Alert>}
      <div className="form-actions">
        {preview ? (
          <SaveButton saving={busy} type="button" onClick={() => submit(false)}>
            Save changes
          </SaveButton>
        ) : (
          <Button variant="primary" onClick={() => submit(true)} disabled={busy}>
            Review changes
          </Button>
        )}
        <Button variant="ghost" onClick={() => setOpen(false)} disabled={busy}>
          Cancel
        </Button>
      </div>
    </section>
  )
}

/** The new total and what it leaves to collect or to give back, before saving. */
function EditPreview({ before, after }: { before: Order; after: Order }) {
  const money = (value: number) => formatMoney(value, after.currency)
  return (
    <div className="order-edit-preview" role="status">
      <p>
        New total <strong>{money(after.totals.totalInclTax)}</strong> (was {money(before.totals.totalInclTax)})
      </p>
      {after.refundDue.value > 0 ? (
        <p>To refund after saving: {money(after.refundDue.value)}</p>
      ) : after.balance > 0 ? (
        <p>Still to pay after saving: {money(after.balance)}</p>
      ) : (
        <p>Nothing more to pay.</p>
      )}
    </div>
  )
}
