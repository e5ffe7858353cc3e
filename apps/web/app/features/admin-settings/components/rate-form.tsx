import { RateCreateBody, RatePatchBody, type Region, type DeliveryRate } from '@shop/domain/schemas/delivery'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { useFetcher } from 'react-router'
import { Button, SaveButton } from '../../../components/ui/button'
import { Field, FormError } from '../../../components/ui/field'
import { useToast } from '../../../components/ui/toast'
import { hasErrors, validate } from '../../../lib/form-errors'
import { type ActionAnswer, jsonSubmit, useFetcherDone } from '../../../lib/route-data'
import { type ReportDirty, useReportDirty } from '../hooks/use-dirty-forms'
import { useFieldErrors } from '../hooks/use-field-errors'
import { errorUnder } from '../number-field'
import { type RateForm as RateFormValue, emptyRateForm, rateCreateBody, ratePatchBody, rateToForm, toggleRegion } from '../rate-form'
import { MoneyInput, NumberInput } from '../../../components/ui/number-input'

type RateFormProps = {
  shopId: string
  currency: string
  regions: Region[]
  /** The rate to edit; none to create one. */
  rate: DeliveryRate | null
  reportDirty: ReportDirty
  onSaved: (rate: DeliveryRate) => void
  onCancel: () => void
}

/**
 * Create or edit a delivery rate (the page's `create-rate` and `update-rate` intents): where it delivers,
 * its fee and when the buyer pays it.
 */
export function RateForm({ shopId, currency, regions, rate, reportDirty, onSaved, onCancel }: RateFormProps) {
  const toast = useToast()
  const initial = rate ? rateToForm(rate) : emptyRateForm
  const [form, setForm] = useState(initial)
  const { errors, setErrors, clear } = useFieldErrors()
  const fetcher = useFetcher<ActionAnswer<'create-rate' | 'update-rate', DeliveryRate>>()
  const saving = fetcher.state !== 'idle'
  const heading = useRef<HTMLHeadingElement>(null)
  useReportDirty(reportDirty, 'rate', JSON.stringify(form) !== JSON.stringify(initial))
  useEffect(() => heading.current?.focus(), [])

  function update(changes: Partial<RateFormValue>, field: string) {
    setForm((previous) => ({ ...previous, ...changes }))
    clear(field)
  }

  useFetcherDone(fetcher, (answer) => {
    if (!answer.ok) return setErrors(answer.errors)
    toast(rate ? `${answer.data.name} saved` : `${answer.data.name} added`)
    onSaved(answer.data)
  })

  function submit(event: FormEvent) {
    event.preventDefault()
    const found = rate ? validate(RatePatchBody, ratePatchBody(form)) : validate(RateCreateBody, rateCreateBody(shopId, form))
    setErrors(found)
    if (hasErrors(found)) return
    const body = ratePatchBody(form)
    void fetcher.submit(rate ? { intent: 'update-rate', id: rate._id, ...body } : { intent: 'create-rate', ...body }, jsonSubmit)
  }

  const allChecked = regions.length > 0 && regions.every((region) => form.regions.includes(region._id))
  const regionsError = errorUnder(errors, 'regions')
  return (
    <form className="admin-form settings-subform" noValidate onSubmit={submit} aria-labelledby="rate-form-title">
      <h3 id="rate-form-title" ref={heading} tabIndex={-1}>
        {rate ? `Edit ${rate.name}` : 'New delivery rate'}
      </h3>
      <FormError error={errors.form} />
      <Field name="name" label="Name" error={errors.name} hint="What buyers see, such as “Accra express”.">
        {(props) => <input {...props} maxLength={100} value={form.name} onChange={(event) => update({ name: event.target.value }, 'name')} />}
      </Field>

      <fieldset className={regionsError ? 'field field-invalid' : 'field'} aria-describedby={regionsError ? 'rate-regions-error' : undefined}>
        <legend>Regions</legend>
        <label className="checkbox select-all">
          <input
            type="checkbox"
            checked={allChecked}
            onChange={(event) => update({ regions: event.target.checked ? regions.map((region) => region._id) : [] }, 'regions')}
          />
          Select all
        </label>
        <div className="region-grid">
          {regions.map((region) => (
            <label key={region._id} className="checkbox">
              <input
                type="checkbox"
                checked={form.regions.includes(region._id)}
                onChange={(event) => update({ regions: toggleRegion(form.regions, region._id, event.target.checked, regions) }, 'regions')}
              />
              {region.name}
            </label>
          ))}
        </div>
        {regionsError && (
          <p className="field-error" id="rate-regions-error">
            {regionsError}
          </p>
        )}
      </fieldset>

      <Field name="rate.value" label={`Fee (${currency})`} error={errorUnder(errors, 'rate')}>
        {(props) => (
          <MoneyInput {...props} className="settings-number" value={form.fee} onChange={(fee) => update({ fee }, 'rate')} />
        )}
      </Field>

      <fieldset className="field">
        <legend>When the buyer pays the fee</legend>
        <div className="choice-list">
          <label className="choice">
            <input type="radio" name="paymentOption" checked={form.paymentOption === 'instant'} onChange={() => update({ paymentOption: 'instant' }, 'paymentOption')} />
            <span>
              With the order (instant)
              <span className="choice-note">Added to the checkout total and paid online.</span>
            </span>
          </label>
          <label className="choice">
            <input
              type="radio"
              name="paymentOption"
              checked={form.paymentOption === 'on-delivery'}
              onChange={() => update({ paymentOption: 'on-delivery' }, 'paymentOption')}
            />
            <span>
              On delivery
              <span className="choice-note">Paid to the rider when the order arrives.</span>
            </span>
          </label>
        </div>
      </fieldset>

      <Field name="estimatedDays" label="Estimated days" error={errors.estimatedDays} hint="Optional: how many days delivery usually takes.">
        {(props) => (
          <NumberInput {...props} className="settings-number" min={0} value={form.estimatedDays} onChange={(estimatedDays) => update({ estimatedDays }, 'estimatedDays')} />
        )}
      </Field>

      <label className="checkbox">
        <input type="checkbox" checked={form.active} onChange={(event) => update({ active: event.target.checked }, 'active')} />
        Active (offered at checkout)
      </label>

      <div className="form-actions">
        <SaveButton saving={saving}>{rate ? 'Save rate' : 'Add rate'}</SaveButton>
        <Button variant="secondary" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
      </div>
    </form>
  )
}
