import { type FormEvent, useId, useState } from 'react'
import { useFetcher } from 'react-router'
import type { Region } from '@shop/domain/schemas/delivery'
import type { Promotion } from '@shop/domain/schemas/promotion'
import { Button, SaveButton } from '../../../components/ui/button'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { Field, FormError } from '../../../components/ui/field'
import { MoneyInput, NumberInput } from '../../../components/ui/number-input'
import { useToast } from '../../../components/ui/toast'
import { type FieldErrors, hasErrors } from '../../../lib/form-errors'
import { type ActionAnswer, jsonSubmit, problemOf, useFetcherDone } from '../../../lib/route-data'
import { type PromotionForm, createBody, emptyPromotionForm, formOfPromotion, patchBody, promotionFormErrors } from '../promotion-form'

type Props = {
  shopId: string
  currency: string
  promotions: Promotion[]
  regions: Region[]
  stacksWithCodes: boolean
}

const day = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString('en-GB', { timeZone: 'Africa/Accra', day: 'numeric', month: 'short', year: 'numeric' }) : null)

function stateOf(promotion: Promotion, now = Date.now()): string {
  if (!promotion.active) return 'Off'
  if (promotion.live) return 'On'
  if (promotion.startsAt && new Date(promotion.startsAt).getTime() > now) return 'Starts later'
  return 'Ended'
}

/**
 * Promotions without codes (decision 78), beside the discount codes: the shop's promotions with their
 * switch, a form for a new one or to edit one in its place (decision 94), and whether they stack with codes
 * (decision 79). Writes go through the page's `promotion-*` intents.
 */
export function PromotionsPanel({ shopId, currency, promotions, regions, stacksWithCodes }: Props) {
  const toast = useToast()
  /** 'new', the id of the promotion being edited, or null while no form is open. */
  const [open, setOpen] = useState<string | null>(null)
  const changes = useFetcher<ActionAnswer<string, unknown>>()
  const [deleting, setDeleting] = useState<Promotion | null>(null)
  useFetcherDone(changes, (answer) => {
    if (!answer.ok) toast(problemOf(answer.errors), 'error')
  })
  const regionName = new Map(regions.map((r) => [r._id, r.name]))

  return (
    <section className="panel promotions-panel" aria-labelledby="promotions-title">
      <div className="section-head">
        <h2 id="promotions-title">Promotions</h2>
        {open === null && <Button onClick={() => setOpen('new')}>New promotion</Button>}
      </div>
      <p className="hint">No code needed: shoppers get them at checkout when their order qualifies.</p>

      {open === 'new' && (
        <PromotionFormPanel
          shopId={shopId}
          currency={currency}
          regions={regions}
          onDone={(label) => {
            setOpen(null)
            if (label) toast(`Promotion “${label}” created`)
          }}
        />
      )}

      {promotions.length === 0 ? (
        <p>No promotions yet. Try “Free delivery over {currency} 300”.</p>
      ) : (
        <ul className="promotion-list">
          {promotions.map((promotion) => {
            const from = day(promotion.startsAt)
            const until = day(promotion.endsAt)
            if (open === promotion._id) {
              return (
                <li key={promotion._id} className="promotion-item-editing">
                  <PromotionFormPanel
                    shopId={shopId}
                    currency={currency}
                    regions={regions}
                    editing={promotion}
                    onDone={(label) => {
                      setOpen(null)
                      if (label) toast(`Promotion “${label}” saved`)
                    }}
                  />
                </li>
              )
            }
            return (
              <li key={promotion._id} className="promotion-item">
                <div>
                  <strong>{promotion.label}</strong> <span className={`promotion-state promotion-state-${promotion.live ? 'on' : 'off'}`}>{stateOf(promotion)}</span>
                  <p className="hint">
                    {[
                      promotion.regions.length ? `Only ${promotion.regions.map((r) => regionName.get(r) ?? r).join(', ')}` : null,
                      from ? `From ${from}` : null,
                      until ? `until ${until}` : null,
                    ]
                      .filter(Boolean)
                      .join(' · ') || 'Always, until turned off'}
                  </p>
                </div>
                <div className="promotion-actions">
                  {open === null && (
                    <Button variant="secondary" onClick={() => setOpen(promotion._id)}>
                      Edit<span className="visually-hidden"> {promotion.label}</span>
                    </Button>
                  )}
                  <Button
                    variant="secondary"
                    onClick={() => void changes.submit({ intent: 'promotion-set-active', id: promotion._id, active: !promotion.active }, jsonSubmit)}
                  >
                    {promotion.active ? 'Turn off' : 'Turn on'}
                    <span className="visually-hidden"> {promotion.label}</span>
                  </Button>
                  <Button
                    variant="ghost"
                    onClick={() => setDeleting(promotion)}
                  >
                    Delete<span className="visually-hidden"> {promotion.label}</span>
                  </Button>
                </div>
              </li>
            )
          })}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete “${deleting?.label ?? ''}”?`}
        confirmLabel="Delete promotion"
        danger
        onConfirm={() => {
          if (deleting) void changes.submit({ intent: 'promotion-delete', id: deleting._id }, jsonSubmit)
          setDeleting(null)
        }}
        onCancel={() => setDeleting(null)}
      >
        <p>Shoppers no longer get it. Orders keep what it gave them.</p>
      </ConfirmDialog>

      <label className="checkbox">
        <input
          type="checkbox"
          checked={stacksWithCodes}
          onChange={(event) => void changes.submit({ intent: 'promotion-stacking', stacksWithCodes: event.target.checked }, jsonSubmit)}
        />
        Promotions add to discount codes
      </label>
      <p className="hint">Off: a shopper with a code gets the code or the promotions, whichever saves them more.</p>
    </section>
  )
}

type FormProps = {
  shopId: string
  currency: string
  regions: Region[]
  /** The promotion to edit; absent for a new one. */
  editing?: Promotion
  onDone: (label: string | null) => void
}

function PromotionFormPanel({ shopId, currency, regions, editing, onDone }: FormProps) {
  const [initial] = useState<PromotionForm>(() => (editing ? formOfPromotion(editing) : emptyPromotionForm()))
  const [form, setForm] = useState<PromotionForm>(initial)
  const [errors, setErrors] = useState<FieldErrors>({})
  const fetcher = useFetcher<ActionAnswer<'promotion-create' | 'promotion-update', Promotion>>()
  const id = useId()
  useFetcherDone(fetcher, (answer) => (answer.ok ? onDone(answer.data.label) : setErrors(answer.errors)))

  function change<K extends keyof PromotionForm>(field: K, value: PromotionForm[K]) {
    setForm((previous) => ({ ...previous, [field]: value }))
    setErrors(({ [field]: _field, form: _form, ...rest }) => rest)
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const found = promotionFormErrors(createBody(form, shopId), form)
    if (hasErrors(found)) return setErrors(found)
    if (!editing) return void fetcher.submit({ intent: 'promotion-create', form }, jsonSubmit)
    // Nothing changed: nothing to send.
    if (Object.keys(patchBody(form, initial, shopId)).length === 0) return onDone(null)
    void fetcher.submit({ intent: 'promotion-update', id: editing._id, form, initial }, jsonSubmit)
  }
  const title = editing ? `Edit ${editing.label}` : 'New promotion'

  const kinds = [
    ['free-delivery', 'Free delivery'],
    ['percentage', 'Percent off'],
    ['fixed', `Amount off (${currency})`],
  ] as const
  return (
    <form className="admin-form promotion-form" noValidate onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{title}</h3>
      <FormError error={errors.form} />
      <fieldset className="field" disabled={editing !== undefined}>
        <legend>What shoppers get</legend>
        {editing && <p className="hint">A promotion keeps its kind: make a new one for another.</p>}
        <div className="choice-list">
          {kinds.map(([kind, label]) => (
            <label className="choice" key={kind}>
              <input type="radio" name="kind" value={kind} checked={form.kind === kind} onChange={() => change('kind', kind)} />
              <span>{label}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {form.kind !== 'free-delivery' && (
        <Field name="value" label={form.kind === 'percentage' ? 'Percent off' : `Amount off (${currency})`} error={errors.value}>
          {(props) =>
            form.kind === 'percentage' ? (
              <NumberInput {...props} min={1} max={100} value={form.value} onChange={(value) => change('value', value)} />
            ) : (
              <MoneyInput {...props} min={0.01} value={form.value} onChange={(value) => change('value', value)} />
            )
          }
        </Field>
      )}
      <Field name="minSubtotal" label={`For orders of at least (${currency})`} hint="The items’ total before delivery. Empty: every order." error={errors.minSubtotal}>
        {(props) => <MoneyInput {...props} value={form.minSubtotal} onChange={(minSubtotal) => change('minSubtotal', minSubtotal)} />}
      </Field>
      {form.kind === 'free-delivery' && regions.length > 0 && (
        <details className="promotion-regions">
          <summary>Only some regions{form.regions.length ? ` (${form.regions.length} chosen)` : ''}</summary>
          <p className="hint">None chosen: every region you deliver to.</p>
          {regions.map((region) => (
            <label className="checkbox" key={region._id}>
              <input
                type="checkbox"
                name="regions"
                value={region._id}
                checked={form.regions.includes(region._id)}
                onChange={(e) => change('regions', e.target.checked ? [...form.regions, region._id] : form.regions.filter((r) => r !== region._id))}
              />
              {region.name}
            </label>
          ))}
          {errors.regions && <p className="field-error">{errors.regions}</p>}
        </details>
      )}
      <div className="promotion-dates">
        <Field name="startsOn" label="First day (optional)" error={errors.startsAt}>
          {(props) => <input {...props} type="date" value={form.startsOn} onChange={(e) => change('startsOn', e.target.value)} />}
        </Field>
        <Field name="endsOn" label="Last day (optional)" error={errors.endsOn}>
          {(props) => <input {...props} type="date" value={form.endsOn} onChange={(e) => change('endsOn', e.target.value)} />}
        </Field>
      </div>
      <Field name="name" label="Name (optional)" hint="Shoppers see it. Empty: what it gives, e.g. “Free delivery over GHS 300”." error={errors.name}>
        {(props) => <input {...props} type="text" maxLength={80} value={form.name} onChange={(e) => change('name', e.target.value)} />}
      </Field>
      <div className="form-actions">
        <SaveButton saving={fetcher.state !== 'idle'}>{editing ? 'Save promotion' : 'Create promotion'}</SaveButton>
        <Button variant="ghost" onClick={() => onDone(null)}>
          Cancel
        </Button>
      </div>
    </form>
  )
}
