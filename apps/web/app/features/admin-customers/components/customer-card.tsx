import { formatShortDate } from '@shop/domain'
import type { Customer } from '@shop/domain/schemas/customers'
import { Link } from 'react-router'
import { formatMoney } from '../../../lib/money'
import { CUSTOMERS_PATH } from '../customer-filters'
import { ContactActions } from './contact-actions'

/** Who the customer is to staff: the name given, else the phone, else the e-mail. */
export function customerTitle(customer: Pick<Customer, 'name' | 'phone' | 'email'>): string {
  return customer.name || customer.phone || customer.email
}

/**
 * One customer as a card: name (to their page), phone and e-mail (long ones wrap), orders, spent, and what
 * they owe in red, then Call and WhatsApp.
 */
export function CustomerCard({ customer }: { customer: Customer }) {
  const owes = customer.balance.value > 0
  return (
    <li className="customer-card">
      <p className="customer-card-top">
        <Link to={`${CUSTOMERS_PATH}/${customer._id}`} className="customer-card-name">
          {customerTitle(customer)}
        </Link>
        {customer.lastOrderAt && (
          <time dateTime={customer.lastOrderAt} className="customer-card-date">
            Last order {formatShortDate(new Date(customer.lastOrderAt))}
          </time>
        )}
      </p>
      {(customer.phone || customer.email) && (
        <p className="customer-card-contact">
          {[customer.name ? customer.phone : '', customer.email].filter(Boolean).join(' · ')}
        </p>
      )}
      <dl className="customer-figures">
        <div>
          <dt>Orders</dt>
          <dd>{customer.orders}</dd>
        </div>
        <div>
          <dt>Spent</dt>
          <dd>{formatMoney(customer.spent.value, customer.spent.currency)}</dd>
        </div>
        <div className={owes ? 'customer-owes' : undefined}>
          <dt>Owes</dt>
          <dd>{formatMoney(customer.balance.value, customer.balance.currency)}</dd>
        </div>
      </dl>
      {customer.tags.length > 0 && (
        <ul className="customer-tags" aria-label="Tags">
          {customer.tags.map((tag) => (
            <li key={tag}>{tag}</li>
          ))}
        </ul>
      )}
      <ContactActions name={customer.name} phone={customer.phone} />
    </li>
  )
}
