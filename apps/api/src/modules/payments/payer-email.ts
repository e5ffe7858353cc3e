/**
 * The e-mail a payment provider is given for the buyer. Paystack needs one to initialize a payment; a
 * buyer who gave only a phone (decision 62) has none, so one is derived that is theirs alone and never
 * mailed: the phone's digits at `phone.` under the platform's root domain, a name the platform keeps for
 * this and receives no mail at (`233244123456@phone.shoplet.example`). Without a phone either (a walk-in
 * order paid later through its pay link), the order's id stands in for it.
 */
import type { OrderRow } from './providers/provider'

/** The platform's host for derived addresses: the root domain without its port. */
export function derivedEmailHost(rootDomain: string): string {
  return `phone.${rootDomain.replace(/:\d+$/, '')}`
}

export function payerEmail(rootDomain: string, order: Pick<OrderRow, 'id' | 'email' | 'phone'>): string {
  if (order.email.trim()) return order.email.trim()
  const digits = order.phone.replace(/\D/g, '')
  return `${digits || `order-${order.id}`}@${derivedEmailHost(rootDomain)}`
}
