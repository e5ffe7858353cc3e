import { isValidEmail } from '@shop/domain'
import { type FormEvent, useEffect, useEffectEvent, useId, useMemo, useRef, useState } from 'react'
import { useFetcher } from 'react-router'
import type { User } from '@shop/domain/schemas/auth'
import type { Region } from '@shop/domain/schemas/delivery'
import type { Checkout, Order } from '@shop/domain/schemas/orders'
import type { PaymentInfoOption } from '@shop/domain/schemas/payments'
import type { Shop } from '@shop/domain/schemas/shop'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { Field } from '../../../components/ui/field'
import { randomId } from '../../../lib/random-id'
import { jsonSubmit, problemOf, useFetcherDone } from '../../../lib/route-data'
import type { PlaceAnswer } from '../checkout-intents'
import { type ContactField, checkContact } from '../../../lib/contact-details'
import { type DeliveryField, deliveryFields, deliveryInput, deliveryProblems } from '../../../lib/delivery-details'
import { useContactDraft } from '../hooks/use-contact-draft'
import { useDeliveryDraft } from '../../../lib/use-delivery-draft'
import { type CheckoutViewer, useCheckoutViewer } from '../hooks/use-own-checkout'
import type { DeliveryChoice } from '../shared-checkout-totals'
import { ContactFields } from './contact-fields'
import { DeliveryFields } from '../../../components/delivery-fields'
import { PaymentChoice } from './payment-choice'


type FormField = 'email' | ContactField | DeliveryField

type Props = {
  shop: Shop
  checkout: Pick<Checkout, '_id' | 'items'> & { delivery: Pick<Checkout['delivery'], 'type' | 'region' | 'rate'> }
  regions: Region[]
  user: User | null
  paymentOptions: PaymentInfoOption[]
  onPlaced: (order: Order) => void
  /** The delivery the totals should show: undefined for the checkout's own (its creator), else the choice so far. */
  onDeliveryChoice: (choice: DeliveryChoice | undefined) => void
}

/**
 * Pays for and places a shared checkout: its items (and discount code) re-priced by the server. Its creator
 * orders with the delivery they saved. Anyone else pays it as it is, delivered as its creator chose (they
 * see the region and the fee, never the address or phone), or gives their own delivery; either way they
 * give their own contact details.
 */
export function PlaceSharedCheckout({ shop, checkout, regions, user, paymentOptions, onPlaced, onDeliveryChoice }: Props) {
  const id = useId()
  const viewer = useCheckoutViewer(checkout._id, user)
  const items = useMemo(
    () => checkout.items.map((line) => ({ product: line.product._id, ...(line.variant ? { variant: line.variant._id } : {}), count: line.count })),
    [checkout.items],
  )
  const delivery = useDeliveryDraft(shop._id, items, shop.offersPickup)
  const { draft, rates, rate } = delivery
  // "Auntie pays, I receive": by default the payer keeps the delivery the checkout was shared with.
  const [asShared, setAsShared] = useState(true)
  const [email, setEmail] = useState('')
  // Whoever places someone else's checkout gives their own name and phone.
  const contact = useContactDraft(user)
  const [errors, setErrors] = useState<Partial<Record<FormField, string>>>({})
  const [provider, setProvider] = useState(paymentOptions[0]?.provider ?? '')
  const place = useFetcher<PlaceAnswer>()
  // A placed order stays busy while the browser leaves for the order's page or the pay page.
  const busy = place.state !== 'idle' || place.data?.ok === true
  const [failure, setFailure] = useState<string | null>(null)
  const attempt = useRef<{ signature: string; key: string } | null>(null)
  const own = viewer.kind === 'creator'
  // The shop's staff may make a checkout of more; a shopper cannot place it (decision 52).
  const most = shop.shopperLineMax
  const overMost = checkout.items.some((line) => line.count > most)

  const keepsShared = own || asShared
  const choice: DeliveryChoice | undefined = keepsShared ? undefined : draft.type === 'pick-up' ? { type: 'pick-up' } : { type: 'dispatch', region: draft.region, rate }
  const choiceKey = JSON.stringify(choice ?? 'own')
  // `choiceKey` names the choice: the object is new on every render, so it does not tell a change.
  const reportChoice = useEffectEvent(() => onDeliveryChoice(choice))
  useEffect(() => reportChoice(), [choiceKey])

  useFetcherDone(place, (answer) => {
    if (answer.ok) onPlaced(answer.data)
    else setFailure(problemOf(answer.errors))
  })

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy || viewer.kind === 'checking') return
    const found: Partial<Record<FormField, string>> = {}
    // A phone is enough (decision 62): the e-mail is checked only when given, as at the main checkout.
    if (!user && email.trim() && !isValidEmail(email.trim())) found.email = 'Enter an e-mail address like name@example.com, or leave it empty.'
    // The creator orders with the delivery, name and phone they saved with the checkout.
    const checked = own ? null : await checkContact(contact.name, contact.phone)
    if (checked) Object.assign(found, keepsShared ? {} : deliveryProblems(draft, rates), checked.problems)
    setErrors(found)
    const first = ([...deliveryFields, 'email', 'name', 'phone'] as FormField[]).find((field) => found[field])
    if (first) {
      document.getElementById(`${id}-${first}`)?.focus()
      return
    }
    setFailure(null)
    const buyer = { shop: shop._id, ...(user || !email.trim() ? {} : { email: email.trim() }) }
    const body = {
      checkout: checkout._id,
      ...(checked ? { name: checked.name, phone: checked.phone } : {}),
      ...(checked && !keepsShared ? { delivery: deliveryInput(draft, checked.phone) } : {}),
      ...(provider ? { payment: { provider } } : {}),
    }
    const signature = JSON.stringify([buyer, body])
    // A retry of the same order (after a lost answer) sends the same key, so it is placed only once.
    if (attempt.current?.signature !== signature) attempt.current = { signature, key: randomId() }
    void place.submit({ intent: 'place', ...buyer, ...body, attempt: attempt.current.key }, jsonSubmit)
  }

  if (viewer.kind === 'checking') {
    return (
      <p className="panel loading" role="status">
        Loading…
      </p>
    )
  }

  return (
    <form className="checkout-form" onSubmit={(event) => void onSubmit(event)} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Place this order</h2>
      {own ? (
        <section className="panel" aria-labelledby={`${id}-saved`}>
          <h3 id={`${id}-saved`}>Your delivery</h3>
          <SavedDelivery viewer={viewer} regions={regions} />
        </section>
      ) : (
        <fieldset className="panel">
          <legend>Delivery</legend>
          <div className="choice-list">
            <label className="choice">
              <input type="radio" name={`${id}-as-shared`} checked={asShared} onChange={() => setAsShared(true)} />
              <span>
                <strong>As it was shared</strong>: <SharedDelivery delivery={checkout.delivery} regions={regions} shop={shop} />
                <span className="choice-note">The address and phone stay private to the person who shared it.</span>
              </span>
            </label>
            <label className="choice">
              <input type="radio" name={`${id}-as-shared`} checked={!asShared} onChange={() => setAsShared(false)} />
              <span>
                <strong>My own delivery</strong>
                <span className="choice-note">Choose pick-up or delivery to you instead.</span>
              </span>
            </label>
          </div>
          {!asShared && <DeliveryFields idPrefix={id} regions={regions} shop={shop} delivery={delivery} errors={errors} />}
        </fieldset>
      )}
      <fieldset className="panel">
        <legend>Your contact details</legend>
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
              <input {...props} type="email" autoComplete="email" maxLength={254} value={email} onChange={(event) => setEmail(event.target.value)} />
            )}
          </Field>
        )}
        {!own && (
          <ContactFields
            idPrefix={id}
            {...contact}
            errors={errors}
            forRider={!keepsShared && draft.type === 'dispatch'}
          />
        )}
      </fieldset>
      <PaymentChoice options={paymentOptions} value={provider} onChange={setProvider} className="panel" />
      <div className="panel">
        {failure && <Alert onDismiss={() => setFailure(null)}>{failure}</Alert>}
        {overMost && (
          <p className="hint" role="status">
            This checkout has more than {most} of one item, and the shop sells at most {most} of one item per order online. Contact the
            shop to order this much.
          </p>
        )}
        <Button type="submit" disabled={busy || paymentOptions.length === 0 || overMost} aria-busy={busy || undefined}>
          {busy ? 'Placing the order…' : 'Place order'}
        </Button>
      </div>
    </form>
  )
}

/** The shared delivery as a payer sees it: the region and the rate, never the address or phone. */
function SharedDelivery({ delivery, regions, shop }: { delivery: Pick<Checkout['delivery'], 'type' | 'region' | 'rate'>; regions: Region[]; shop: Shop }) {
  if (delivery.type === 'pick-up') return <>picked up{shop.pickupAddress ? ` at ${shop.pickupAddress}` : ' from the shop'}</>
  const region = regions.find((candidate) => candidate._id === delivery.region)?.name ?? delivery.region
  return (
    <>
      delivered{region ? ` in ${region}` : ''}
      {delivery.rate ? ` by ${delivery.rate.name}` : ''}
    </>
  )
}

/** The creator's own delivery, as they saved it with the checkout. */
function SavedDelivery({ viewer, regions }: { viewer: Extract<CheckoutViewer, { kind: 'creator' }>; regions: Region[] }) {
  const { delivery } = viewer.checkout
  if (delivery.type === 'pick-up') return <p>Picked up{delivery.phone ? ` (phone ${delivery.phone})` : ''}.</p>
  const region = regions.find((candidate) => candidate._id === delivery.region)?.name ?? delivery.region
  return (
    <p>
      Delivered by {delivery.rate?.name ?? 'the shop'}
      {region ? ` in ${region}` : ''} to {delivery.address}
      {delivery.phone ? ` (phone ${delivery.phone})` : ''}.
    </p>
  )
}
