import { isValidEmail } from '@shop/domain'
import type { Customer } from '@shop/domain/schemas/customers'
import { useState } from 'react'
import { Field } from '../../../components/ui/field'
import { buyerFromCustomer, customerFacts, lookupText } from '../customer-lookup'
import { type CustomerLookup, useCustomerLookup } from '../hooks/use-customer-lookup'

export type BuyerDraft = { name: string; phone: string; email: string }
export type BuyerField = keyof BuyerDraft
export type BuyerProblems = Partial<Record<BuyerField, string>>

export const emptyBuyer: BuyerDraft = { name: '', phone: '', email: '' }

type Props = {
  /** The shop whose customers are looked up as staff type a name or phone. */
  shopId: string
  /** Prefix of the controls' ids (`{idPrefix}-name`, `-phone`, `-email`), to focus the first problem. */
  idPrefix: string
  buyer: BuyerDraft
  onChange: (change: Partial<BuyerDraft>) => void
  errors: BuyerProblems
  /** A walk-in buyer may leave no phone; anyone else needs one, for the shop, the rider and the messages. */
  phoneRequired: boolean
}

/**
 * The customer an order is for, as staff type it: name, phone and an optional e-mail. As they type a name
 * or a phone, up to five of the shop's customers matching it show under that field; tapping one fills in
 * their name, phone and e-mail. Typing on keeps it a new customer (the order adds them).
 */
export function BuyerFields({ shopId, idPrefix, buyer, onChange, errors, phoneRequired }: Props) {
  // The field staff last typed in, and its text; none once a customer is picked.
  const [typing, setTyping] = useState<{ field: 'name' | 'phone'; text: string } | null>(null)
  const lookup = useCustomerLookup(shopId, typing ? lookupText(typing.text) : null)

  const type = (field: 'name' | 'phone', text: string) => {
    setTyping({ field, text })
    onChange({ [field]: text })
  }
  const pick = (customer: Customer) => {
    setTyping(null)
    onChange(buyerFromCustomer(customer, buyer))
  }
  const matches = (field: 'name' | 'phone') =>
    lookup && typing?.field === field ? <CustomerMatches id={`${idPrefix}-matches`} lookup={lookup} onPick={pick} /> : null

  return (
    <>
      <Field name="name" id={`${idPrefix}-name`} label="Customer's name" error={errors.name}>
        {(props) => (
          <input {...props} type="text" autoComplete="off" maxLength={100} value={buyer.name} onChange={(event) => type('name', event.target.value)} />
        )}
      </Field>
      {matches('name')}
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
            onChange={(event) => type('phone', event.target.value)}
          />
        )}
      </Field>
      {matches('phone')}
      <Field name="email" id={`${idPrefix}-email`} label="E-mail (optional)" error={errors.email}>
        {(props) => (
          <input {...props} type="email" autoComplete="off" maxLength={254} value={buyer.email} onChange={(event) => onChange({ email: event.target.value })} />
        )}
      </Field>
    </>
  )
}

/** The shop's customers matching what is typed, each a button that fills the buyer in; the count is announced. */
function CustomerMatches({ id, lookup, onPick }: { id: string; lookup: CustomerLookup; onPick: (customer: Customer) => void }) {
  const { state, customers } = lookup
  const status =
    state === 'looking'
      ? 'Looking for customers…'
      : state === 'failed'
        ? 'Could not look up customers. Type their details, or try again.'
        : customers.length === 0
          ? 'No customer matches: this order adds them as a new customer.'
          : `${customers.length === 1 ? '1 customer matches' : `${customers.length} customers match`}: tap one to fill in their details, or type on for a new customer.`
  return (
    <div className="customer-matches">
      <p className="hint" role="status" id={`${id}-status`}>
        {status}
      </p>
      {customers.length > 0 && (
        <ul className="customer-matches-list" aria-label="Customers found">
          {customers.map((customer) => (
            <li key={customer._id}>
              <button type="button" className="customer-match" onClick={() => onPick(customer)}>
                <span className="customer-match-name">{customer.name || customer.phone || customer.email}</span>
                <span className="customer-match-facts">{customerFacts(customer).join(' · ')}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
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
