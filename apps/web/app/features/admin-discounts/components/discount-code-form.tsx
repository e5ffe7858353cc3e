import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react'
import { useFetcher } from 'react-router'
import type { DiscountCode } from '@shop/domain/schemas/discount-code'
import { Button, SaveButton } from '../../../components/ui/button'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { Field, FormError } from '../../../components/ui/field'
import { MoneyInput, NumberInput } from '../../../components/ui/number-input'
import { type FieldErrors, hasErrors } from '../../../lib/form-errors'
import { type ActionAnswer, jsonSubmit, useFetcherDone } from '../../../lib/route-data'
import { useUnsavedChanges } from '../../../components/ui/unsaved-changes'
import {
  type DiscountForm,
  createBody,
  defaultExpiry,
  discountFormErrors,
  emptyDiscountForm,
  formOfCode,
  isDirty,
  patchBody,
  shopDay,
} from '../discount-code-form'

type DiscountCodeFormProps = {
  shopId: string
  currency: string
  /** The code to edit; none to create one. */
  editing: DiscountCode | null
  onSaved: (code: DiscountCode) => void
  onCancel: () => void
  /** Told whether the form holds changes not saved yet, so the page can ask before replacing it. */
  onDirtyChange: (dirty: boolean) => void
}

/**
 * Create or edit a code (the page's `create` and `update` intents). Checked in the browser with the API's
 * rules; the API's answer lands at the fields too.
 */
export function DiscountCodeForm({ shopId, currency, editing, onSaved, onCancel, onDirtyChange }: DiscountCodeFormProps) {
  const initial = useMemo(() => (editing ? formOfCode(editing) : emptyDiscountForm()), [editing])
  const [form, setForm] = useState<DiscountForm>(initial)
  const [errors, setErrors] = useState<FieldErrors>({})
  const fetcher = useFetcher<ActionAnswer<'create' | 'update', DiscountCode>>()
  const saving = fetcher.state !== 'idle'
  const formRef = useRef<HTMLFormElement>(null)
  /** Cancel was pressed with changes not saved: the question is open. */
  const [confirmingDiscard, setConfirmingDiscard] = useState(false)
  const id = useId()
  const typeErrorId = `${id}-type-error`
  const dirty = isDirty(form, initial)
  const leaveDialog = useUnsavedChanges(dirty && !saving)
  useEffect(() => {
    onDirtyChange(dirty)
  }, [dirty, onDirtyChange])

  useEffect(() => {
    formRef.current?.querySelector<HTMLInputElement>('input[name="code"]')?.focus()
  }, [])

  function change<K extends keyof DiscountForm>(field: K, value: DiscountForm[K]) {
    setForm((previous) => ({ ...previous, [field]: value }))
    setErrors(({ [field]: _field, form: _form, ...rest }) => rest)
  }

  /** "No end date" puts the day aside; taking it back offers the default day when none was chosen. */
  function chooseNoEndDate(noEndDate: boolean) {
    setForm((previous) => ({
      ...previous,
      noEndDate,
      expiresOn: !noEndDate && previous.expiresOn === '' ? defaultExpiry() : previous.expiresOn,
    }))
    setErrors(({ expiresOn: _expiresOn, form: _form, ...rest }) => rest)
  }

  function showErrors(found: FieldErrors) {
    setErrors(found)
    // Take keyboard and screen-reader users to the first field to fix.
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())
  }

  useFetcherDone(fetcher, (answer) => (answer.ok ? onSaved(answer.data) : showErrors(answer.errors)))

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const body = editing ? patchBody(form, initial) : createBody(form, shopId)
    const found = discountFormErrors(body, form)
    if (hasErrors(found)) return showErrors(found)
    if (Object.keys(body).length === 0) return onCancel()
    void fetcher.submit(editing ? { intent: 'update', id: editing._id, form, initial } : { intent: 'create', form }, jsonSubmit)
  }

  function cancel() {
    if (dirty) setConfirmingDiscard(true)
    else onCancel()
  }

  // The choice's message is read with each radio, like a Field's with its control.
  const typeErrorProps = errors.type ? { 'aria-invalid': true, 'aria-describedby': typeErrorId } : {}
  const heading = editing ? `Edit ${editing.code}` : 'New discount code'
  return (
    <>
      <section className="panel discount-code-form" aria-labelledby="discount-form-title">
        <h2 id="discount-form-title">{heading}</h2>
        <form ref={formRef} className="admin-form" noValidate onSubmit={submit}>
          <FormError error={errors.form} />
          <Field
            name="code"
            label="Code"
            error={errors.code}
            hint="3 to 32 letters, digits, _ or -. Shoppers type it at checkout; capitals do not matter."
          >
            {(props) => (
              <input
                {...props}
                type="text"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                value={form.code}
                onChange={(event) => change('code', event.target.value)}
              />
            )}
          </Field>

          <fieldset className="field">
            <legend>Discount type</legend>
            <div className="choice-list discount-type-choices">
              <label className="choice">
                <input
                  type="radio"
                  name="type"
                  value="percentage"
                  checked={form.type === 'percentage'}
                  {...typeErrorProps}
                  onChange={() => change('type', 'percentage')}
                />
                <span>Percentage of the subtotal</span>
              </label>
              <label className="choice">
                <input
                  type="radio"
                  name="type"
                  value="fixed"
                  checked={form.type === 'fixed'}
                  {...typeErrorProps}
                  onChange={() => change('type', 'fixed')}
                />
                <span>Fixed amount ({currency})</span>
              </label>
            </div>
            {errors.type && (
              <p className="field-error" id={typeErrorId}>
                {errors.type}
              </p>
            )}
          </fieldset>

          <div className="discount-form-row">
            <Field
              name="value"
              label={form.type === 'percentage' ? 'Percent off' : `Amount off (${currency})`}
              error={errors.value}
              hint={form.type === 'percentage' ? 'A whole number from 1 to 100.' : 'Never more than the order’s subtotal.'}
            >
              {(props) =>
                form.type === 'percentage' ? (
                  <NumberInput {...props} min={1} max={100} value={form.value} onChange={(value) => change('value', value)} />
                ) : (
                  <MoneyInput {...props} min={0.01} value={form.value} onChange={(value) => change('value', value)} />
                )
              }
            </Field>
            <div className="discount-expiry">
              <Field
                name="expiresOn"
                label="Last day (optional)"
                error={errors.expiresOn}
                hint="The code works until 23:59 that day, Accra time."
              >
                {(props) => (
                  <input
                    {...props}
                    type="date"
                    min={shopDay(new Date())}
                    disabled={form.noEndDate}
                    value={form.noEndDate ? '' : form.expiresOn}
                    onChange={(event) => change('expiresOn', event.target.value)}
                  />
                )}
              </Field>
              <label className="checkbox">
                <input
                  type="checkbox"
                  name="noEndDate"
                  checked={form.noEndDate}
                  aria-describedby={`${id}-no-end-date-hint`}
                  onChange={(event) => chooseNoEndDate(event.target.checked)}
                />
                No end date
              </label>
              <p className="field-hint" id={`${id}-no-end-date-hint`}>
                The code works until you deactivate it or it is used up.
              </p>
            </div>
          </div>

          <div className="discount-form-row">
            <Field name="usageLimit" label="Usage limit (optional)" error={errors.usageLimit} hint="How many orders may use it. Empty for no limit.">
              {(props) => <NumberInput {...props} min={1} value={form.usageLimit} onChange={(usageLimit) => change('usageLimit', usageLimit)} />}
            </Field>
            <Field
              name="minSubtotal"
              label={`Minimum subtotal (${currency}, optional)`}
              error={errors.minSubtotal}
              hint="The cart must come to at least this much. Empty for none."
            >
              {(props) => <MoneyInput {...props} value={form.minSubtotal} onChange={(minSubtotal) => change('minSubtotal', minSubtotal)} />}
            </Field>
          </div>

          <fieldset className="discount-form-rules">
            <legend>Who may use it</legend>
            <label className="checkbox">
              <input
                type="checkbox"
                name="oncePerCustomer"
                checked={form.oncePerCustomer}
                onChange={(event) => setForm((previous) => ({ ...previous, oncePerCustomer: event.target.checked }))}
              />
              Once per customer
            </label>
            <p className="field-hint">A customer (the same phone or e-mail) can use it on one order only.</p>
            <label className="checkbox">
              <input
                type="checkbox"
                name="firstOrderOnly"
                checked={form.firstOrderOnly}
                onChange={(event) => setForm((previous) => ({ ...previous, firstOrderOnly: event.target.checked }))}
              />
              First order only
            </label>
            <p className="field-hint">Only for customers who have not ordered from your shop before.</p>
          </fieldset>

          <div className="form-actions">
            <SaveButton saving={saving}>{editing ? 'Save changes' : 'Create code'}</SaveButton>
            <Button variant="secondary" onClick={cancel} disabled={saving}>
              Cancel
            </Button>
          </div>
        </form>
      </section>
      <DiscardChangesDialog open={confirmingDiscard} onDiscard={onCancel} onKeep={() => setConfirmingDiscard(false)} />
      {leaveDialog}
    </>
  )
}

/**
 * Asks before unsaved changes to a code are thrown away (by Cancel, or by editing another code): keeping
 * them leaves the form as it is.
 */
export function DiscardChangesDialog({ open, onDiscard, onKeep }: { open: boolean; onDiscard: () => void; onKeep: () => void }) {
  return (
    <ConfirmDialog open={open} title="Discard your changes?" confirmLabel="Discard changes" danger onConfirm={onDiscard} onCancel={onKeep}>
      <p>The changes to this code have not been saved.</p>
    </ConfirmDialog>
  )
}
