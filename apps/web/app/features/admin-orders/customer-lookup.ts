/**
 * Finding a returning customer while staff type a new order's buyer (issue 28, item 1): what is worth
 * asking the shop's customers for, what fills the buyer's fields, and what a match says about them.
 */
import type { Customer } from '@shop/domain/schemas/customers'
import { formatMoney } from '../../lib/money'

export const LOOKUP_MIN_CHARS = 2
export const LOOKUP_LIMIT = 5
export const LOOKUP_DEBOUNCE_MS = 250
/** The customers search takes at most this many characters. */
const LOOKUP_MAX_CHARS = 100

type Buyer = { name: string; phone: string; email: string }

/** The text to look customers up by, spaces tidied; null while it is too short to be worth asking. */
export function lookupText(typed: string): string | null {
  const text = typed.trim().replace(/\s+/g, ' ')
  return text.length >= LOOKUP_MIN_CHARS ? text.slice(0, LOOKUP_MAX_CHARS) : null
}

/** The buyer's fields from the customer picked; what the customer lacks keeps what staff typed. */
export function buyerFromCustomer(customer: Pick<Customer, 'name' | 'phone' | 'email'>, typed: Buyer): Buyer {
  return { name: customer.name || typed.name, phone: customer.phone || typed.phone, email: customer.email || typed.email }
}

/** What a match says under its name: phone (or e-mail), how many orders, and what they owe when they do. */
export function customerFacts(customer: Pick<Customer, 'name' | 'phone' | 'email' | 'orders' | 'balance'>): string[] {
  const facts = [customer.phone || customer.email, customer.orders === 1 ? '1 order' : `${customer.orders} orders`]
  if (customer.balance.value > 0) facts.push(`owes ${formatMoney(customer.balance.value, customer.balance.currency)}`)
  return facts.filter(Boolean)
}
