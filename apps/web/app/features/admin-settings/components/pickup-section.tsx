import { type FormEvent, useState } from 'react'
import { SaveButton } from '../../../components/ui/button'
import { FormError } from '../../../components/ui/field'
import { hasErrors } from '../../../lib/form-errors'
import { useConfigSave } from '../hooks/use-config-save'
import { useReportDirty } from '../hooks/use-dirty-forms'
import { type PickupForm, pickupBody, pickupProblems, pickupValues } from '../shop-config-forms'
import type { ConfigSectionProps } from './config-section-props'
import { PickupFields } from './pickup-fields'
import { SettingsSection } from './settings-section'

/** Pick-up and delivery: which the shop offers, and where, how and when customers collect (decision 66). */
export function PickupSection({ config, reportDirty }: ConfigSectionProps) {
  const [form, setForm] = useState(() => pickupValues(config))
  const { errors, setErrors, clear, saving, save } = useConfigSave({
    success: 'Pick-up and delivery saved',
    onSaved: (updated) => setForm(pickupValues(updated)),
  })
  useReportDirty(reportDirty, 'pickup', JSON.stringify(form) !== JSON.stringify(pickupValues(config)))

  function change(patch: Partial<PickupForm>) {
    setForm((current) => ({ ...current, ...patch }))
    for (const field of Object.keys(patch)) clear(field)
    if ('offersPickup' in patch) clear('offersDelivery')
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    const problems = pickupProblems(form)
    if (hasErrors(problems)) return setErrors(problems)
    save(pickupBody(form))
  }

  return (
    <SettingsSection id="pickup" title="Pick-up and delivery">
      <form className="admin-form" noValidate onSubmit={submit}>
        <FormError error={errors.form} />
        <PickupFields form={form} errors={errors} onChange={change} />
        <div className="form-actions">
          <SaveButton saving={saving}>Save pick-up and delivery</SaveButton>
        </div>
      </form>
    </SettingsSection>
  )
}
