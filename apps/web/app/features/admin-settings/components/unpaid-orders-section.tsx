import { UNPAID_ORDER_TIMEOUT } from '@shop/domain/schemas/shop'
import { type FormEvent, useState } from 'react'
import { SaveButton } from '../../../components/ui/button'
import { Field, FormError } from '../../../components/ui/field'
import { useConfigSave } from '../hooks/use-config-save'
import { useReportDirty } from '../hooks/use-dirty-forms'
import { unpaidOrderTimeoutBody } from '../shop-config-forms'
import type { ConfigSectionProps } from './config-section-props'
import { SettingsSection } from './settings-section'
import { NumberInput } from '../../../components/ui/number-input'

/** How long an order paid online may wait for its payment before its items go back on sale. */
export function UnpaidOrdersSection({ config, reportDirty }: ConfigSectionProps) {
  const [text, setText] = useState(String(config.unpaidOrderTimeout))
  const { errors, clear, saving, save } = useConfigSave({
    success: 'Unpaid-order time saved',
    onSaved: (updated) => setText(String(updated.unpaidOrderTimeout)),
  })
  useReportDirty(reportDirty, 'unpaid-orders', text.trim() !== String(config.unpaidOrderTimeout))

  function submit(event: FormEvent) {
    event.preventDefault()
    save(unpaidOrderTimeoutBody(text))
  }

  return (
    <SettingsSection
      id="unpaid-orders"
      title="Unpaid orders"
      intro="An order paid online (Paystack or test payments) that is still unpaid this long after it was placed is canceled, and its items go back on sale."
    >
      <form className="admin-form" noValidate onSubmit={submit}>
        <FormError error={errors.form} />
        <Field
          name="unpaidOrderTimeout"
          label="Cancel unpaid orders after (minutes)"
          error={errors.unpaidOrderTimeout}
          hint={`From ${UNPAID_ORDER_TIMEOUT.min} minutes to a week (${UNPAID_ORDER_TIMEOUT.max}). Orders paid on delivery or at pick-up are not canceled this way: see Orders from shoppers below.`}
        >
          {(props) => (
            <NumberInput
              {...props}
              className="settings-number"
              min={UNPAID_ORDER_TIMEOUT.min}
              max={UNPAID_ORDER_TIMEOUT.max}
              value={text}
              onChange={(typed) => {
                setText(typed)
                clear('unpaidOrderTimeout')
              }}
            />
          )}
        </Field>
        <div className="form-actions">
          <SaveButton saving={saving}>Save unpaid-order time</SaveButton>
        </div>
      </form>
    </SettingsSection>
  )
}
