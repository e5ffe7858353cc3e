import { Field } from '../../../components/ui/field'
import type { ContactProblems } from '../../../lib/contact-details'

type Props = {
  /** Prefix of the controls' ids (`{idPrefix}-name`, `-phone`), to focus the first problem. */
  idPrefix: string
  name: string
  phone: string
  onChange: (change: { name?: string; phone?: string }) => void
  errors: ContactProblems
  /** Delivery: the rider calls this number too. */
  forRider: boolean
}

/** The buyer's name and phone, both required: the shop needs to know whom it serves and how to reach them. */
export function ContactFields({ idPrefix, name, phone, onChange, errors, forRider }: Props) {
  return (
    <>
      <Field name="name" id={`${idPrefix}-name`} label="Your name" error={errors.name}>
        {(props) => (
          <input {...props} type="text" autoComplete="name" maxLength={100} value={name} onChange={(event) => onChange({ name: event.target.value })} />
        )}
      </Field>
      <Field
        name="phone"
        id={`${idPrefix}-phone`}
        label="Phone"
        hint={forRider ? 'The shop and the rider call this number, like 024 412 3456.' : 'The shop calls this number, like 024 412 3456.'}
        error={errors.phone}
      >
        {(props) => (
          <input
            {...props}
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            maxLength={40}
            value={phone}
            onChange={(event) => onChange({ phone: event.target.value })}
          />
        )}
      </Field>
    </>
  )
}
