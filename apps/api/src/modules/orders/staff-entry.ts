/**
 * Staff entering an order a buyer sent another way (decision 61): a WhatsApp chat, a phone call, the
 * counter, a social inbox. Placing it is placing any order (place-order.ts) with a `source`; this says who
 * may, and what such an order is: the buyer's, not the staff member's (no profile, the buyer's contact from
 * the body, a private link), paid on delivery, at pick-up or at the counter (`manual`), with an optional
 * manual discount (managers and up, as an edit allows) and a note on its timeline by that staff member.
 */
import { type OrderSource, can, formatMinor, manualDiscountProblem, refusalMessage, toMinor } from '@shop/domain'
import type { ServiceContext } from '../../context'
import { Forbidden, invalidBody } from '../../lib/errors'
import type { ManualDiscountInput, OrderCreateInput } from './orders.schemas'

export type StaffEntry = {
  /** The staff member entering it: the timeline's actor. */
  staffId: string
  source: Exclude<OrderSource, 'storefront'>
  adjustment: ManualDiscountInput | null
  note: string | null
}

/**
 * Null for a storefront order (the default), which may carry none of the staff's fields. Otherwise the
 * caller must enter orders in the shop (403 for a shopper), and give a manual discount only with
 * `orders.discount`; the order is paid `manual` (a 400 names any other provider).
 */
export async function checkStaffEntry(ctx: ServiceContext, shopId: string, input: OrderCreateInput): Promise<StaffEntry | null> {
  const source = input.source ?? 'storefront'
  if (source === 'storefront') {
    const staffOnly = (['adjustment', 'note'] as const).filter((field) => input[field] !== undefined)
    if (staffOnly.length) invalidBody(staffOnly.map((field) => ({ path: field, message: 'is only for orders staff enter (send source)' })))
    return null
  }
  const staff = ctx.actor.requireUser()
  const role = await ctx.actor.callerRole(shopId)
  if (!can(role, 'orders.enter')) throw Forbidden(`${refusalMessage('orders.enter')} Send no source to order for yourself.`)
  if (input.adjustment && !can(role, 'orders.discount')) throw Forbidden(`${refusalMessage('orders.discount')} Your role here is ${role}.`)
  if (input.payment && input.payment.provider !== 'manual') {
    invalidBody([{ path: 'payment.provider', message: 'must be manual for an order staff enter: record a payment or send its pay link' }])
  }
  const note = input.note?.trim() || null
  return { staffId: staff.id, source, adjustment: input.adjustment ?? null, note }
}

/** The manual discount once the order is priced: never more than its items after the code's discount (400). */
export function checkEntryDiscount(entry: StaffEntry | null, priced: { subtotalMinor: number; discountMinor: number; currency: string }): number {
  if (!entry?.adjustment) return 0
  const problem = manualDiscountProblem(entry.adjustment.amount, priced.subtotalMinor, priced.discountMinor, priced.currency)
  if (problem) invalidBody([{ path: 'adjustment.amount', message: problem }])
  return toMinor(entry.adjustment.amount)
}

/** The timeline's note of an entered order: its manual discount and the staff member's note, if any. */
export function entryNote(entry: StaffEntry | null, adjustmentMinor: number, currency: string): string | null {
  if (!entry) return null
  const parts: string[] = []
  if (entry.adjustment) parts.push(`Manual discount ${formatMinor(adjustmentMinor, currency)}: ${entry.adjustment.reason.trim()}.`)
  if (entry.note) parts.push(entry.note)
  return parts.length ? parts.join(' ') : null
}
