import { type FormEvent, useState } from 'react'
import { SaveButton } from '../../../components/ui/button'
import { Field, FormError } from '../../../components/ui/field'
import { useConfigSave } from '../hooks/use-config-save'
import { useReportDirty } from '../hooks/use-dirty-forms'
import { taxRateBody } from '../shop-config-forms'
import type { ConfigSectionProps } from './config-section-props'
import { SettingsSection } from './settings-section'
import { NumberInput } from '../../../components/ui/number-input'

/** Tax: a percent of the subtotal the checkout adds (docs/architecture.md §8). */
export function TaxRateSection({ config, reportDirty }: ConfigSectionProps) {
  const [text, setText] = useState(String(config.taxRate))
  const { errors, clear, saving, save } = useConfigSave({
    success: 'Tax rate saved',
    onSaved: (updated) => setText(String(updated.taxRate)),
  })
  useReportDirty(reportDirty, 'tax', text.trim() !== String(config.taxRate))

  function submit(event: FormEvent) {
    event.preventDefault()
    save(taxRateBody(text))
  }

  return (
    <SettingsSection id="tax" title="Tax">
      <form className="admin-form" noValidate onSubmit={submit}>
        <FormError error={errors.form} />
        <Field name="taxRate" label="Tax rate (%)" error={errors.taxRate} hint="A percent of the subtotal, added at checkout. 0 for none.">
          {(props) => (
            <NumberInput
              {...props}
              className="settings-number"
              min={0}
              max={100}
              step={0.01}
              value={text}
              onChange={(typed) => {
                setText(typed)
                clear('taxRate')
              }}
            />
          )}
        </Field>
        <div className="form-actions">
          <SaveButton saving={saving}>Save tax rate</SaveButton>
        </div>
      </form>
    </SettingsSection>
  )
}
