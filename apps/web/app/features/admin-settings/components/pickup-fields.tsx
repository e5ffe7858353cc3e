import { PICKUP_ADDRESS_MAX, PICKUP_TEXT_MAX } from '@shop/domain/schemas/shop'
import { Field } from '../../../components/ui/field'
import type { PickupForm } from '../shop-config-forms'

type Props = {
  form: PickupForm
  errors: Partial<Record<keyof PickupForm, string>>
  onChange: (change: Partial<PickupForm>) => void
}

/** Do you offer pick-up? Where, how to find it, when? Do you deliver? The setup wizard and Settings ask the same. */
export function PickupFields({ form, errors, onChange }: Props) {
  return (
    <>
      <fieldset className="field">
        <legend>How do customers get their orders?</legend>
        <label className="checkbox">
          <input type="checkbox" name="offersPickup" checked={form.offersPickup} onChange={(event) => onChange({ offersPickup: event.target.checked })} />
          Customers can pick up their orders
        </label>
        <label className="checkbox">
          <input
            type="checkbox"
            name="offersDelivery"
            checked={form.offersDelivery}
            aria-invalid={errors.offersDelivery ? true : undefined}
            onChange={(event) => onChange({ offersDelivery: event.target.checked })}
          />
          I deliver (at my delivery rates)
        </label>
        {errors.offersDelivery && <p className="field-error">{errors.offersDelivery}</p>}
      </fieldset>
      {form.offersPickup && (
        <>
          <Field name="pickupAddress" label="Where do customers pick up?" error={errors.pickupAddress} hint="The address shown at checkout and in order messages.">
            {(props) => (
              <input
                {...props}
                type="text"
                maxLength={PICKUP_ADDRESS_MAX}
                autoComplete="street-address"
                value={form.pickupAddress}
                onChange={(event) => onChange({ pickupAddress: event.target.value })}
              />
            )}
          </Field>
          <Field name="pickupDirections" label="Directions (optional)" error={errors.pickupDirections} hint="A landmark, which floor, who to ask for.">
            {(props) => (
              <textarea {...props} rows={2} maxLength={PICKUP_TEXT_MAX} value={form.pickupDirections} onChange={(event) => onChange({ pickupDirections: event.target.value })} />
            )}
          </Field>
          <Field name="pickupHours" label="Opening hours (optional)" error={errors.pickupHours} hint="For example: Mon–Sat 9am–6pm.">
            {(props) => (
              <input {...props} type="text" maxLength={PICKUP_TEXT_MAX} value={form.pickupHours} onChange={(event) => onChange({ pickupHours: event.target.value })} />
            )}
          </Field>
        </>
      )}
    </>
  )
}
