import { type PaymentProviderName, defaultPaymentLabels } from '@shop/domain/schemas/payments'
import { type FormEvent, useState } from 'react'
import { SaveButton } from '../../../components/ui/button'
import { Field, FormError } from '../../../components/ui/field'
import { onlinePaymentsText } from '../../../lib/online-payments'
import { useConfigSave } from '../hooks/use-config-save'
import { useReportDirty } from '../hooks/use-dirty-forms'
import { type PaymentOptionRow, paymentOptionRows, paymentOptionsBody } from '../shop-config-forms'
import type { ConfigSectionProps } from './config-section-props'
import { SettingsSection } from './settings-section'

const providers: Record<PaymentProviderName, { title: string; note: string }> = {
  manual: {
    title: 'Pay on delivery or at pick-up',
    note:
      'Buyers pay the rider or at the shop: cash, mobile money to your number or a bank transfer. On the order\'s page, ' +
      'Record payment notes what you received, in full or in part, and the order shows the balance still due.',
  },
  test: {
    title: 'Demonstration payments',
    note: 'A simulated pay page for trying the checkout; buyers and staff see it called a demonstration. No money moves: turn it off before you open the shop.',
  },
  paystack: {
    title: 'Paystack',
    // Said by the shop's state instead (lib/online-payments.ts).
    note: '',
  },
}

/** Which ways to pay the checkout offers, and what buyers see them called (docs/architecture.md §8). */
export function PaymentOptionsSection({ config, reportDirty }: ConfigSectionProps) {
  const [rows, setRows] = useState(() => paymentOptionRows(config.paymentOptions))
  const { errors, clear, saving, save } = useConfigSave({
    success: 'Payment options saved',
    onSaved: (updated) => setRows(paymentOptionRows(updated.paymentOptions)),
  })
  const saved = JSON.stringify(paymentOptionsBody(paymentOptionRows(config.paymentOptions)))
  useReportDirty(reportDirty, 'payments', JSON.stringify(paymentOptionsBody(rows)) !== saved)

  function update(index: number, changes: Partial<PaymentOptionRow>) {
    setRows((previous) => previous.map((row, i) => (i === index ? { ...row, ...changes } : row)))
    clear(`paymentOptions.${index}`)
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    save(paymentOptionsBody(rows))
  }

  return (
    <SettingsSection id="payments" title="Payment options" intro="With none ticked, buyers pay on delivery or at pick-up.">
      <form className="admin-form" noValidate onSubmit={submit}>
        <FormError error={errors.form ?? errors.paymentOptions} />
        {rows.map((row, index) => (
          <fieldset key={row.provider} className="payment-option">
            <legend>{providers[row.provider].title}</legend>
            <p className="field-hint">{row.provider === 'paystack' ? onlinePaymentsText[config.onlinePayments] : providers[row.provider].note}</p>
            {row.provider === 'paystack' && config.onlinePayments === 'needs-payout-account' && (
              <p>
                <a href="#accounts-title">Add your payout account</a>
              </p>
            )}
            <label className="checkbox">
              <input
                type="checkbox"
                checked={row.enabled}
                // Online payments go to the shop's own payout account: they can be turned off, not on, without one.
                disabled={row.provider === 'paystack' && config.onlinePayments !== 'ready' && !row.enabled}
                aria-describedby={errors[`paymentOptions.${index}.enabled`] ? `payment-option-${index}-error` : undefined}
                onChange={(event) => update(index, { enabled: event.target.checked })}
              />
              Offer at checkout
            </label>
            {errors[`paymentOptions.${index}.enabled`] && (
              <p className="field-error" id={`payment-option-${index}-error`}>
                {errors[`paymentOptions.${index}.enabled`]}
              </p>
            )}
            <Field
              name={`paymentOptions.${index}.label`}
              label="Label buyers see"
              error={errors[`paymentOptions.${index}.label`]}
              hint={`Leave empty to show “${defaultPaymentLabels[row.provider]}”.`}
            >
              {(props) => (
                <input
                  {...props}
                  value={row.label}
                  onChange={(event) => update(index, { label: event.target.value })}
                />
              )}
            </Field>
          </fieldset>
        ))}
        <div className="form-actions">
          <SaveButton saving={saving}>Save payment options</SaveButton>
        </div>
      </form>
    </SettingsSection>
  )
}
