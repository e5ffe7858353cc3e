import { isValidEmail } from '@shop/domain'
import { Field } from '../../../components/ui/field'

export type BuyerDraft = { name: string; phone: string; email: string }
export type BuyerField = keyof BuyerDraft
export type BuyerProblems = Partial<Record<BuyerField, string>>

export const emptyBuyer: BuyerDraft = { name: '', phone: '', email: '' }

type Props = {
  /** Prefix of the controls' ids (`{idPrefix}-name`, `-phone`, `-email`), to focus the first problem. */
  idPrefix: string
  buyer: BuyerDraft
  onChange: (change: Partial<BuyerDraft>) => void
  errors: BuyerProblems
  /** A walk-in buyer may leave no phone; anyone else needs one, for the shop, the rider and the messages. */
  phoneRequired: boolean
}

/**
 * The customer an order is for, as staff type it: name, phone and an optional e-mail. Its own component so
 * a lookup of the shop's customers can fill it in later.
 */
export function BuyerFields({ idPrefix, buyer, onChange, errors, phoneRequired }: Props) {
  return (
    <>
      <Field name="name" id={`${idPrefix}-name`} label="Customer's name" error={errors.name}>
        {(props) => (
          <input {...props} type="text" autoComplete="off" maxLength={100} value={buyer.name} onChange={(event) => onChange({ name: event.target.value })} />
        )}
      </Field>
      <Field
        name="phone"
        id={`${idPrefix}-phone`}
        label={phoneRequired ? 'Phone' : 'Phone (optional)'}
        hint="Their order's messages and link go here by SMS, like 024 412 3456."
        error={errors.phone}
      >
        {(props) => (
          <input
            {...props}
            type="tel"
            autoComplete="off"
            inputMode="tel"
            maxLength={40}
            value={buyer.phone}
            onChange={(event) => onChange({ phone: event.target.value })}
          />
        )}
      </Field>
      <Field name="email" id={`${idPrefix}-email`} label="E-mail (optional)" error={errors.email}>
        {(props) => (
          <input {...props} type="email" autoComplete="off" maxLength={254} value={buyer.email} onChange={(event) => onChange({ email: event.target.value })} />
        )}
      </Field>
    </>
  )
}

/** What keeps the customer from being sent, and the phone in international form ('' when none was given). */
export async function checkBuyer(buyer: BuyerDraft, phoneRequired: boolean): Promise<{ problems: BuyerProblems; phone: string }> {
  const problems: BuyerProblems = {}
  if (!buyer.name.trim()) problems.name = "Enter the customer's name, so you know whom the order is for."
  let phone = ''
  if (buyer.phone.trim()) {
    const { parsePhone } = await import('@shop/domain/phone')
    const checked = parsePhone(buyer.phone)
    if (checked.ok) phone = checked.phone
    else problems.phone = `${checked.message}.`
  } else if (phoneRequired) problems.phone = 'Enter a phone number for the customer, like 024 412 3456.'
  const email = buyer.email.trim()
  if (email && !isValidEmail(email)) problems.email = 'Enter an e-mail address like name@example.com, or leave it empty.'
  return { problems, phone }
}
