import { type FormEvent, useId, useState } from 'react'
import { useFetcher } from 'react-router'
import type { Region } from '@shop/domain/schemas/delivery'
import type { Shop } from '@shop/domain/schemas/shop'
import { LoadError } from '../../../components/load-error'
import { Field, FormError } from '../../../components/ui/field'
import { MoneyInput, NumberInput } from '../../../components/ui/number-input'
import { hasErrors } from '../../../lib/form-errors'
import { formatMoney } from '../../../lib/money'
import { type ActionAnswer, jsonSubmit, useFetcherDone } from '../../../lib/route-data'
import { useApiData } from '../../../lib/use-api-data'
import { listDeliveryRates } from '../../../api/delivery/list-delivery-rates'
import { listRegions } from '../../../api/delivery/list-regions'
import { type DeliveryValues, deliveryRates, emptyDeliveryValues, pickupSettings } from '../delivery-form'
import { useLeaveAfterSave } from '../hooks/use-leave-after-save'
import { useStepErrors } from '../hooks/use-step-errors'
import { backPath, nextPath } from '../steps'
import { StepActions } from './step-actions'
import { api } from '../../../lib/api'

/** Step 3: how orders reach customers. Shops that already have rates keep them (Settings edits them). */
export function DeliveryStep({ shop }: { shop: Shop }) {
  const id = useId()
  const setup = useApiData(`setup-delivery/${shop._id}`, async () => {
    const [regions, rates] = await Promise.all([
      listRegions(api),
      // Only how many there are, active or not.
      listDeliveryRates(api, { client: shop._id, active: 'all', $limit: 1 }).then((page) => page.total),
    ])
    return { regions, rates }
  })
  const back = backPath(shop._id, 'delivery')!
  const next = nextPath(shop._id, 'delivery')!

  let content
  if (setup.data?.rates === 0) content = <DeliveryForm shop={shop} regions={setup.data.regions} back={back} next={next} />
  else if (setup.data) content = <ExistingRates count={setup.data.rates} back={back} next={next} />
  else if (setup.error) content = <LoadError error={setup.error} onRetry={setup.reload} />
  else
    content = (
      <p className="loading" role="status">
        Loading delivery regions…
      </p>
    )
  return (
    <section className="setup-step" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Delivery</h2>
      {content}
    </section>
  )
}

function ExistingRates({ count, back, next }: { count: number; back: string; next: string }) {
  const { leave } = useLeaveAfterSave(false)
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        leave(next)
      }}
    >
      <p>
        Your shop has {count === 1 ? 'a delivery rate' : `${count} delivery rates`} already. You can change delivery
        rates any time in the dashboard’s Settings tab.
      </p>
      <StepActions back={back} />
    </form>
  )
}

type DeliveryFormProps = { shop: Shop; regions: Region[]; back: string; next: string }

function DeliveryForm({ shop, regions, back, next }: DeliveryFormProps) {
  const [values, setValues] = useState<DeliveryValues>(emptyDeliveryValues)
  const { form, errors, show, clear } = useStepErrors()
  const fetcher = useFetcher<ActionAnswer<'save-delivery', null>>()
  const [saved, setSaved] = useState(false)
  const [showRegions, setShowRegions] = useState(false)
  const { leave, leaveDialog } = useLeaveAfterSave(JSON.stringify(values) !== JSON.stringify(emptyDeliveryValues))
  const currency = shop.currency

  function change(patch: Partial<DeliveryValues>, field: string) {
    setValues((current) => ({ ...current, ...patch }))
    clear(field)
  }

  useFetcherDone(fetcher, (answer) => {
    if (!answer.ok) return show(answer.errors)
    setSaved(true)
    leave(next)
  })

  /** The pick-up settings and the rates go to the route's `save-delivery` intent, which adds the shop. */
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const pickup = pickupSettings(values)
    const { bodies, errors: rateErrors } = deliveryRates(values, shop._id, regions)
    const found = { ...pickup.errors, ...rateErrors }
    if (hasErrors(found)) {
      if (Object.keys(found).some((field) => field.startsWith('regionFees.'))) setShowRegions(true)
      return show(found)
    }
    const rates = bodies.map(({ shop: _shop, ...rate }) => rate)
    void fetcher.submit({ intent: 'save-delivery', ...pickup.body, rates }, jsonSubmit)
  }

  const delivering = values.mode !== 'pick-up-only'
  const pickingUp = values.mode !== 'delivery-only'
  return (
    <form ref={form} noValidate onSubmit={onSubmit}>
      <fieldset className="field">
        <legend>How do customers get their orders?</legend>
        <div className="choice-list">
          <label className="choice">
            <input type="radio" name="mode" checked={values.mode === 'delivery'} onChange={() => change({ mode: 'delivery' }, 'mode')} />
            <span>
              Delivery or pick-up
              <span className="choice-note">You deliver to every region of Ghana; customers may also pick up.</span>
            </span>
          </label>
          <label className="choice">
            <input type="radio" name="mode" checked={!delivering} onChange={() => change({ mode: 'pick-up-only' }, 'mode')} />
            <span>
              Pick-up only
              <span className="choice-note">Customers collect their orders from you. Add delivery later in Settings.</span>
            </span>
          </label>
          <label className="choice">
            <input type="radio" name="mode" checked={values.mode === 'delivery-only'} onChange={() => change({ mode: 'delivery-only' }, 'mode')} />
            <span>
              Delivery only
              <span className="choice-note">You deliver every order; nobody picks up.</span>
            </span>
          </label>
        </div>
      </fieldset>
      {pickingUp && (
        <>
          <Field name="pickupAddress" label="Where do customers pick up?" error={errors.pickupAddress} hint="Shown at checkout and in order messages, like “14 Oxford Street, Osu, Accra”.">
            {(props) => (
              <input {...props} type="text" maxLength={300} autoComplete="street-address" value={values.pickupAddress} onChange={(event) => change({ pickupAddress: event.target.value }, 'pickupAddress')} />
            )}
          </Field>
          <Field name="pickupDirections" label="Directions (optional)" error={errors.pickupDirections} hint="A landmark, which floor, who to ask for.">
            {(props) => (
              <textarea {...props} rows={2} maxLength={500} value={values.pickupDirections} onChange={(event) => change({ pickupDirections: event.target.value }, 'pickupDirections')} />
            )}
          </Field>
          <Field name="pickupHours" label="Opening hours (optional)" error={errors.pickupHours} hint="For example: Mon–Sat 9am–6pm.">
            {(props) => (
              <input {...props} type="text" maxLength={500} value={values.pickupHours} onChange={(event) => change({ pickupHours: event.target.value }, 'pickupHours')} />
            )}
          </Field>
        </>
      )}
      {delivering && (
        <>
          <Field name="fee" label={`Delivery fee (${currency})`} error={errors.fee} hint="The same fee for every region, unless you set another below.">
            {(props) => <MoneyInput {...props} value={values.fee} onChange={(fee) => change({ fee }, 'fee')} />}
          </Field>
          <Field name="paymentOption" label="The fee is paid">
            {(props) => (
              <select
                {...props}
                value={values.paymentOption}
                onChange={(event) => change({ paymentOption: event.target.value as DeliveryValues['paymentOption'] }, 'paymentOption')}
              >
                <option value="instant">With the order</option>
                <option value="on-delivery">To the rider, on delivery</option>
              </select>
            )}
          </Field>
          <Field name="estimatedDays" label="Days to deliver (optional)" error={errors.estimatedDays}>
            {(props) => (
              <NumberInput {...props} min={0} value={values.estimatedDays} onChange={(estimatedDays) => change({ estimatedDays }, 'estimatedDays')} />
            )}
          </Field>
          <details className="setup-regions" open={showRegions} onToggle={(event) => setShowRegions(event.currentTarget.open)}>
            <summary>Different fees for some regions</summary>
            <p className="field-hint">
              Leave a region empty to use the delivery fee{values.fee.trim() && Number.isFinite(Number(values.fee)) ? ` (${formatMoney(Number(values.fee), currency)})` : ''}.
            </p>
            {regions.map((region) => (
              <Field key={region._id} name={`regionFees.${region._id}`} label={region.name} error={errors[`regionFees.${region._id}`]}>
                {(props) => (
                  <MoneyInput
                    {...props}
                    value={values.regionFees[region._id] ?? ''}
                    onChange={(fee) => change({ regionFees: { ...values.regionFees, [region._id]: fee } }, `regionFees.${region._id}`)}
                  />
                )}
              </Field>
            ))}
          </details>
        </>
      )}
      <FormError error={errors.form} />
      <StepActions back={back} busy={fetcher.state !== 'idle' || saved} />
      {leaveDialog}
    </form>
  )
}
