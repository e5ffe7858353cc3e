import { toMajor } from '@shop/domain'
import { type FormEvent, useId, useMemo, useRef, useState } from 'react'
import { useFetcher } from 'react-router'
import type { User } from '@shop/domain/schemas/auth'
import type { Region } from '@shop/domain/schemas/delivery'
import type { PublicDiscountCode } from '@shop/domain/schemas/discount-code'
import type { Order } from '@shop/domain/schemas/orders'
import type { PaymentInfoOption } from '@shop/domain/schemas/payments'
import type { Shop } from '@shop/domain/schemas/shop'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { Field } from '../../../components/ui/field'
import { TotalsTable } from '../../../components/totals-table'
import type { TotalsRow } from '../../../lib/totals-rows'
import { randomId } from '../../../lib/random-id'
import type { CheckoutCreateInput as CheckoutInput, ItemInput } from '@shop/domain/schemas/order-input'
import { type CheckoutField, buyerQuery, checkCheckout, checkoutFields, refusedFields, refusedLines } from '../checkout-problems'
import type { PlaceAnswer, ShareAnswer } from '../checkout-intents'
import type { CheckoutFormAnswer } from '../place-order-form.server'
import type { FieldErrors } from '../../../lib/field-errors'
import { jsonSubmit, problemOf, useFetcherDone } from '../../../lib/route-data'
import { useKeptCheckoutDraft } from '../checkout-draft'
import { useContactDraft } from '../hooks/use-contact-draft'
import { useDeliveryDraft } from '../../../lib/use-delivery-draft'
import { useTypedBeforeScripts } from '../../../lib/typed-before-scripts'
import { type Estimate, estimate } from '../../../lib/totals'
import { ContactFields } from './contact-fields'
import { DeliveryFields } from '../../../components/delivery-fields'
import { DiscountField } from './discount-field'
import { ShareLink } from './share-link'
import { PaymentChoice } from './payment-choice'
import { promotionRows, withPromotions } from '../../../lib/promotion-totals'
import { type ShopPromotions, usePromotions } from '../../../lib/use-promotions'
import { FreeDeliveryNote } from '../../../components/free-delivery-note'

export type OrderLineInput = { product: string; variant: string | null; count: number; unitPriceMinor: number; key: string }

type Props = {
  shop: Shop
  user: User | null
  regions: Region[]
  paymentOptions: PaymentInfoOption[]
  /** The shop's live promotions as the loader read them, so the server's render applies them too. */
  promotions: ShopPromotions
  /** The orderable lines of the cart, priced as the shop sells them now. */
  lines: OrderLineInput[]
  /** False while the server-rendered copy waits for the browser: its form then posts to the route's action. */
  hydrated: boolean
  /** The action's answer to the form posted before the scripts ran: what was typed, and its problems. */
  posted: CheckoutFormAnswer | null
  /** The idempotency key the posted form sends. */
  attempt: string
  /** Why the order cannot be placed yet (the cart still loading, a line to remove…). */
  blocked: string | null
  onPlaced: (order: Order) => void
  /** Lines the API refused (lineKey → message), or an empty map. */
  onLineProblems: (problems: Map<string, string>) => void
}

function estimateRows(figures: Estimate, deliveryType: 'pick-up' | 'dispatch', code: PublicDiscountCode | null): TotalsRow[] {
  const rows: TotalsRow[] = [{ label: 'Subtotal', value: toMajor(figures.subtotal) }]
  if (code && figures.discount > 0) rows.push({ label: `Discount (${code.code})`, value: toMajor(figures.discount), negative: true })
  rows.push({ label: 'Tax', value: figures.tax === null ? 'Calculated when you order' : toMajor(figures.tax) })
  if (deliveryType === 'pick-up') rows.push({ label: 'Delivery', value: 'Free (pick-up)' })
  else if (figures.deliveryPaid === 'none' && figures.delivery === 0) rows.push({ label: 'Delivery', value: 'Choose a region and rate' })
  else
    rows.push({
      label: 'Delivery',
      value: toMajor(figures.delivery),
      note: figures.deliveryPaid === 'on-delivery' ? 'paid to the rider on delivery' : undefined,
    })
  rows.push({ label: figures.tax === null ? 'Estimated total' : 'Total', value: toMajor(figures.total), total: true })
  return rows
}

/**
 * Delivery or pick-up, contact, discount code, payment, the totals (docs/product.md §9, from the domain rules), and
 * the two ways out: place the order, or share the checkout as a link.
 */
export function CheckoutForm({ shop, user, regions, paymentOptions, promotions: initialPromotions, lines, hydrated, posted, attempt: postedAttempt, blocked, onPlaced, onLineProblems }: Props) {
  const id = useId()
  const [email, setEmail] = useState(posted?.values.email ?? '')
  const contact = useContactDraft(user, posted?.values)
  const [code, setCode] = useState<PublicDiscountCode | null>(posted?.code ?? null)
  const [provider, setProvider] = useState(
    paymentOptions.find((option) => option.provider === posted?.values.provider)?.provider ?? paymentOptions[0]?.provider ?? '',
  )
  const [errors, setErrors] = useState<Partial<Record<CheckoutField, string>>>(posted?.problems ?? {})
  const [failure, setFailure] = useState<string | null>(posted?.failure ?? null)
  const place = useFetcher<PlaceAnswer>()
  const shareFetcher = useFetcher<ShareAnswer>()
  // A placed order stays busy while the browser leaves for the order's page or the pay page.
  const busy = place.state !== 'idle' || place.data?.ok ? 'order' : shareFetcher.state !== 'idle' ? 'share' : null
  const [shared, setShared] = useState<{ url: string; signature: string } | null>(null)
  const attempt = useRef<{ signature: string; key: string } | null>(null)

  const items: ItemInput[] = useMemo(
    () => lines.map((line) => ({ product: line.product, ...(line.variant ? { variant: line.variant } : {}), count: line.count })),
    [lines],
  )
  const delivery = useDeliveryDraft(shop._id, items, shop.offersPickup, posted ? { draft: posted.values.delivery, rates: posted.rates } : undefined)
  const { draft, rates, rate } = delivery
  const deliveryType = draft.type
  const formRef = useRef<HTMLFormElement>(null)
  const typed = useTypedBeforeScripts(formRef, (value) => {
    const change = {
      email: value('email') ?? email,
      name: value('name') ?? contact.name,
      phone: value('phone') ?? contact.phone,
      provider: value('payment') ?? provider,
      delivery: {
        type: value('delivery') === 'dispatch' ? 'dispatch' : value('delivery') === 'pick-up' ? 'pick-up' : draft.type,
        region: value('region') ?? draft.region,
        rate: value('rate') ?? draft.rate,
        address: value('address') ?? draft.address,
      } as const,
    }
    const before = JSON.stringify({ email, name: contact.name, phone: contact.phone, provider, delivery: draft })
    if (JSON.stringify(change) === before) return false
    setEmail(change.email)
    contact.onChange({ name: change.name, phone: change.phone })
    setProvider(change.provider)
    delivery.update(change.delivery)
    return true
  })
  useKeptCheckoutDraft(shop._id, hydrated, { email, name: contact.name, phone: contact.phone, delivery: draft, code }, (kept) => {
    // What was just posted is newer than what the tab kept; so is a field typed before the scripts ran.
    if (posted) return
    const newer = (now: string, before: string) => (typed.current && now.trim() ? now : before)
    setEmail(newer(email, kept.email))
    const name = newer(contact.name, kept.name)
    const phone = newer(contact.phone, kept.phone)
    contact.onChange({ ...(name ? { name } : {}), ...(phone ? { phone } : {}) })
    const keptDelivery = shop.offersPickup ? kept.delivery : { ...kept.delivery, type: 'dispatch' as const }
    const typedDelivery = typed.current && (draft.region !== '' || draft.address.trim() !== '')
    if (!typedDelivery) delivery.update(keptDelivery)
    setCode(kept.code)
  })
  const promotions = usePromotions(shop._id, initialPromotions)
  const { figures, outcome } = withPromotions(estimate({ lines, deliveryType, rate, code, taxRate: shop.taxRate }), promotions, {
    deliveryType,
    region: draft.type === 'dispatch' ? draft.region : '',
    paymentOption: rate?.paymentOption ?? null,
    currency: shop.currency,
  })
  const currency = shop.currency

  const buyer = () => buyerQuery(shop._id, email, !!user)

  /** Checks the form; on a problem shows it and moves focus to the first field concerned, else answers the body. */
  async function ready(): Promise<CheckoutInput | null> {
    const counted = code && figures.discountProblem === null ? code.code : null
    const entry = { email, name: contact.name, phone: contact.phone, delivery: draft }
    const { problems, input } = await checkCheckout(entry, { rates, signedIn: !!user, items, code: counted })
    setErrors(problems)
    setFailure(null)
    const first = checkoutFields.find((field) => problems[field])
    if (first) {
      document.getElementById(`${id}-${first}`)?.focus()
      return null
    }
    return input
  }

  /** The shop's refusal (or the page's action's): lines short of stock, a code it dropped, fields, and one message. */
  function showRefusal(errors: FieldErrors, submitted: readonly OrderLineInput[]) {
    const short = refusedLines(errors, submitted)
    if (short.size > 0) onLineProblems(short)
    if (errors.discount) setCode(null)
    const fields = refusedFields(errors)
    setErrors(fields)
    setFailure(errors.form ?? (Object.keys(fields).length > 0 ? null : problemOf(errors)))
  }

  /** What a shared link stands for: it goes stale when any of it changes. */
  const sharedShape = () => [items, draft, code?.code ?? null, contact]
  /** The lines of the order or checkout last submitted, and what the shared link will stand for. */
  const placing = useRef<readonly OrderLineInput[]>(lines)
  const sharing = useRef('')
  useFetcherDone(place, (answer) => {
    if (answer.ok) onPlaced(answer.data)
    else showRefusal(answer.errors, placing.current)
  })
  useFetcherDone(shareFetcher, (answer) => {
    if (answer.ok) setShared({ url: `${window.location.origin}/checkout/${answer.data._id}`, signature: sharing.current })
    else showRefusal(answer.errors, placing.current)
  })

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy || blocked) return
    const checked = await ready()
    if (!checked) return
    const body = { ...checked, ...(provider ? { payment: { provider } } : {}) }
    const signature = JSON.stringify([buyer(), body])
    // A retry of the same order (after a lost answer) sends the same key, so it is placed only once.
    if (attempt.current?.signature !== signature) attempt.current = { signature, key: randomId() }
    placing.current = lines
    onLineProblems(new Map())
    void place.submit({ intent: 'place', ...buyer(), ...body, attempt: attempt.current.key }, jsonSubmit)
  }

  async function share() {
    if (busy || blocked) return
    const body = await ready()
    if (!body) return
    placing.current = lines
    sharing.current = JSON.stringify([buyer(), sharedShape()])
    void shareFetcher.submit({ intent: 'share', ...buyer(), ...body }, jsonSubmit)
  }

  const sharedCurrent = shared && shared.signature === JSON.stringify([buyer(), sharedShape()])

  return (
    // Before the scripts run the form posts to the checkout's action, which places the order the same way.
    <form ref={formRef} className="checkout-form" method="post" onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Checkout">
      <input type="hidden" name="attempt" value={postedAttempt} />
      <fieldset className="checkout-fields">
        <fieldset className="panel">
          <legend>Delivery</legend>
          <DeliveryFields
            idPrefix={id}
            regions={regions}
            shop={shop}
            delivery={delivery}
            errors={errors}
          />
        </fieldset>

        <fieldset className="panel">
          <legend>Contact</legend>
          {user ? (
            <p className="hint">
              Ordering as <strong>{user.email}</strong>.
            </p>
          ) : (
            <Field
              name="email"
              id={`${id}-email`}
              label="E-mail (optional)"
              hint="Without one, your order's messages come by SMS to your phone."
              error={errors.email}
            >
              {(props) => (
                <input
                  {...props}
                  type="email"
                  autoComplete="email"
                  maxLength={254}
                  value={email}
                  onChange={(event) => setEmail(event.target.value)}
                />
              )}
            </Field>
          )}
          <ContactFields
            idPrefix={id}
            {...contact}
            errors={errors}
            forRider={deliveryType === 'dispatch'}
          />
        </fieldset>

        <div className="panel">
          <DiscountField
            shopId={shop._id}
            applied={code}
            onChange={setCode}
            problem={figures.discountProblem}
            typed={posted?.values.code}
            refused={posted?.problems.code}
          />
          {/* The applied code goes with an order posted before the scripts run, as the scripts send it. */}
          {code && figures.discountProblem === null && <input type="hidden" name="code" value={code.code} />}
        </div>

        <PaymentChoice options={paymentOptions} value={provider} onChange={setProvider} className="panel" />

        <section className="panel" aria-labelledby={`${id}-summary`}>
          <h2 id={`${id}-summary`}>Order summary</h2>
          <FreeDeliveryNote shop={promotions} subtotalMinor={figures.subtotal} currency={currency} />
          <TotalsTable rows={promotionRows(estimateRows(figures, deliveryType, code), outcome, code)} currency={currency} />
          {failure && <Alert onDismiss={() => setFailure(null)}>{failure}</Alert>}
          {blocked && <p className="hint">{blocked}</p>}
          <div className="checkout-actions">
            <Button
              type="submit"
              name="intent"
              value="place"
              disabled={!!blocked || paymentOptions.length === 0 || busy !== null}
              aria-busy={busy === 'order' || undefined}
            >
              {busy === 'order' ? 'Placing your order…' : 'Place order'}
            </Button>
            <Button variant="secondary" onClick={() => void share()} disabled={!hydrated || !!blocked || busy !== null} aria-busy={busy === 'share' || undefined}>
              Share checkout
            </Button>
          </div>
          {shared && sharedCurrent && (
            <ShareLink
              url={shared.url}
              label="Anyone with this link can see this checkout and pay for it"
              message={`Please can you pay for my order at ${shop.title}? It will be delivered as I chose:`}
            />
          )}
        </section>
      </fieldset>
    </form>
  )
}
