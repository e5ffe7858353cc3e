import { SHOPPER_LINE_MAX, UNCONFIRMED_ORDERS_PER_BUYER, UNCONFIRMED_ORDER_HOURS } from '@shop/domain/schemas/shop'
import { type FormEvent, useState } from 'react'
import { SaveButton } from '../../../components/ui/button'
import { Field, FormError } from '../../../components/ui/field'
import { useConfigSave } from '../hooks/use-config-save'
import { useReportDirty } from '../hooks/use-dirty-forms'
import { type ShopperOrdersForm, shopperOrdersBody, shopperOrdersValues } from '../shop-config-forms'
import type { ConfigSectionProps } from './config-section-props'
import { SettingsSection } from './settings-section'
import { NumberInput } from '../../../components/ui/number-input'

type Limit = { name: keyof ShopperOrdersForm; label: string; hint: string; range: { min: number; max: number } }

const limits: Limit[] = [
  {
    name: 'shopperLineMax',
    label: 'Most of one item in an order',
    hint: `A shopper can order at most this many of each item (each size or colour counts on its own); your shop's quantity buttons stop there. From ${SHOPPER_LINE_MAX.min} to ${SHOPPER_LINE_MAX.max}.`,
    range: SHOPPER_LINE_MAX,
  },
  {
    name: 'unconfirmedOrdersPerBuyer',
    label: 'Unconfirmed orders per shopper',
    hint: `How many orders paid on delivery or at pick-up one phone number, e-mail address or delivery address may have waiting for your confirmation. Past that, the shopper is asked to call you or to wait. From ${UNCONFIRMED_ORDERS_PER_BUYER.min} to ${UNCONFIRMED_ORDERS_PER_BUYER.max}.`,
    range: UNCONFIRMED_ORDERS_PER_BUYER,
  },
  {
    name: 'unconfirmedOrderHours',
    label: 'Cancel unconfirmed orders after (hours)',
    hint: `An order paid on delivery or at pick-up that you have not confirmed this long after it was placed is canceled, its items go back on sale and the buyer is told. From ${UNCONFIRMED_ORDER_HOURS.min} hour to 30 days (${UNCONFIRMED_ORDER_HOURS.max}). A new time counts for orders placed after you save it.`,
    range: UNCONFIRMED_ORDER_HOURS,
  },
]

/** The limits that keep a stranger from holding the shop's stock with orders nobody collects (decision 52). */
export function ShopperOrdersSection({ config, reportDirty }: ConfigSectionProps) {
  const [form, setForm] = useState(() => shopperOrdersValues(config))
  const { errors, clear, saving, save } = useConfigSave({
    success: 'Order limits saved',
    onSaved: (updated) => setForm(shopperOrdersValues(updated)),
  })
  const saved = shopperOrdersValues(config)
  useReportDirty(reportDirty, 'shopper-orders', limits.some(({ name }) => form[name].trim() !== saved[name]))

  function submit(event: FormEvent) {
    event.preventDefault()
    save(shopperOrdersBody(form))
  }

  return (
    <SettingsSection
      id="shopper-orders"
      title="Orders from shoppers"
      intro={
        <>
          Limits that stop a stranger from tying up your stock with orders nobody collects. Orders you and your staff place are not
          limited. <strong>To confirm an order</strong> paid on delivery or at pick-up, move it to Packaged or record a payment on it.
        </>
      }
    >
      <form className="admin-form" noValidate onSubmit={submit}>
        <FormError error={errors.form} />
        {limits.map(({ name, label, hint, range }) => (
          <Field key={name} name={name} label={label} error={errors[name]} hint={hint}>
            {(props) => (
              <NumberInput
                {...props}
                className="settings-number"
                min={range.min}
                max={range.max}
                value={form[name]}
                onChange={(value) => {
                  setForm((current) => ({ ...current, [name]: value }))
                  clear(name)
                }}
              />
            )}
          </Field>
        ))}
        <div className="form-actions">
          <SaveButton saving={saving}>Save order limits</SaveButton>
        </div>
      </form>
    </SettingsSection>
  )
}
