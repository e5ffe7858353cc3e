/**
 * An order's money in one place (decision 57): what it charges — lines, discount, manual adjustment,
 * delivery, tax — and its tenders, the payments received and the refunds given, which together give what
 * it has been paid, refunded and what is still due either way. Every reader (the API's answers, payments,
 * messages, CSVs, the web) takes its figures from `orderLedger`; nothing adds an order up by itself.
 * All amounts are integer minor units. Names say whether tax is in.
 */
import { checkoutTotal, orderTotal } from './pricing'
import type { DeliveryType } from './order-status'

export type TenderState = 'pending' | 'succeeded' | 'failed'
/** A payment received or a refund given. A pending refund already counts (it cannot be given twice). */
export type Tender = { kind: 'payment' | 'refund'; amountMinor: number; state: TenderState }

export type OrderCharges = {
  subtotalMinor: number
  /** The discount code's amount. */
  discountMinor: number
  /** A manual discount staff gave with a reason (0 without one). */
  adjustmentMinor: number
  /** An automatic promotion's discount (0 without one). */
  promotionMinor?: number
  /** The delivery fee a free-delivery promotion waived (0 without one): the buyer pays the fee less this. */
  deliveryWaivedMinor?: number
  /** The delivery rate's fee; ignored for pick-up. */
  deliveryMinor: number
  deliveryType: DeliveryType
  /** The rate's payment option: `instant` is paid with the order, anything else to the rider. */
  deliveryPaymentOption: string | null
  taxMinor: number
  canceled: boolean
}

/** Where an order's money stands, for cards, lists and filters. */
export const paymentStates = ['unpaid', 'part-paid', 'paid', 'refund-due', 'refunded', 'nothing-due'] as const
export type PaymentState = (typeof paymentStates)[number]

export type OrderLedger = {
  subtotalMinor: number
  discountMinor: number
  adjustmentMinor: number
  /** The automatic promotion's discount. */
  promotionMinor: number
  /** The delivery fee a promotion waived (0 for pick-up): `deliveryMinor` is already without it. */
  deliveryWaivedMinor: number
  /** The delivery fee the buyer pays (0 for pick-up, or when a promotion waived it). */
  deliveryMinor: number
  taxMinor: number
  /** docs/product.md §9's order total: subtotal + delivery − discounts, tax not in (what `orders.total_minor` stores). */
  totalExTaxMinor: number
  /** Everything the buyer owes: the order total and its tax. */
  totalInclTaxMinor: number
  /** docs/product.md §9's checkout total, tax in: what an online payment collects at placement (an on-delivery fee is the rider's). */
  dueWithOrderMinor: number
  /** Payments that succeeded. */
  paidMinor: number
  /** Refunds given or under way (pending and succeeded). */
  refundedMinor: number
  /** Of `refundedMinor`, what a provider has not confirmed yet. */
  refundPendingMinor: number
  /** Paid minus refunded: the money the shop holds for this order. */
  netPaidMinor: number
  /** Still to collect: nothing for a canceled order, never below 0; a refund never raises it (it gives back, it does not charge). */
  balanceMinor: number
  /** Still to give back: everything held for a canceled order, else what was paid beyond the total. */
  refundDueMinor: number
  /** The most any new refund may be: paid minus refunded. */
  refundableMinor: number
  paymentState: PaymentState
}

function sum(tenders: readonly Tender[], kind: Tender['kind'], states: readonly TenderState[]): number {
  return tenders.reduce((total, t) => (t.kind === kind && states.includes(t.state) ? total + t.amountMinor : total), 0)
}

export function orderLedger(charges: OrderCharges, tenders: readonly Tender[] = []): OrderLedger {
  const promotionMinor = charges.promotionMinor ?? 0
  const discounts = charges.discountMinor + promotionMinor + charges.adjustmentMinor
  const feeMinor = charges.deliveryType === 'pick-up' ? 0 : charges.deliveryMinor
  const deliveryWaivedMinor = Math.min(feeMinor, Math.max(0, charges.deliveryWaivedMinor ?? 0))
  const deliveryMinor = feeMinor - deliveryWaivedMinor
  const totalExTaxMinor = orderTotal({
    subtotal: charges.subtotalMinor,
    deliveryFee: deliveryMinor,
    discount: discounts,
    deliveryType: charges.deliveryType,
  })
  const totalInclTaxMinor = totalExTaxMinor + charges.taxMinor
  const dueWithOrderMinor = checkoutTotal({
    subtotal: charges.subtotalMinor,
    tax: charges.taxMinor,
    deliveryFee: deliveryMinor,
    discount: discounts,
    deliveryType: charges.deliveryType,
    paymentOption: charges.deliveryPaymentOption,
  })
  const paidMinor = sum(tenders, 'payment', ['succeeded'])
  const refundedMinor = sum(tenders, 'refund', ['pending', 'succeeded'])
  const refundPendingMinor = sum(tenders, 'refund', ['pending'])
  const netPaidMinor = paidMinor - refundedMinor
  // On an order that stands, a refund first gives back what was paid beyond the total; any more is money the
  // buyer no longer owes (items returned, a goodwill refund), so it never makes the order owe again (decision 59).
  const balanceMinor = charges.canceled ? 0 : Math.max(0, totalInclTaxMinor - paidMinor)
  const refundDueMinor = Math.max(0, charges.canceled ? netPaidMinor : netPaidMinor - totalInclTaxMinor)
  return {
    subtotalMinor: charges.subtotalMinor,
    discountMinor: charges.discountMinor,
    adjustmentMinor: charges.adjustmentMinor,
    promotionMinor,
    deliveryWaivedMinor,
    deliveryMinor,
    taxMinor: charges.taxMinor,
    totalExTaxMinor,
    totalInclTaxMinor,
    dueWithOrderMinor,
    paidMinor,
    refundedMinor,
    refundPendingMinor,
    netPaidMinor,
    balanceMinor,
    refundDueMinor,
    refundableMinor: Math.max(0, paidMinor - refundedMinor),
    paymentState: paymentState(charges.canceled, balanceMinor, refundDueMinor, netPaidMinor, refundedMinor),
  }
}

function paymentState(canceled: boolean, balance: number, refundDue: number, netPaid: number, refunded: number): PaymentState {
  if (refundDue > 0) return 'refund-due'
  if (canceled) return refunded > 0 ? 'refunded' : 'nothing-due'
  if (balance === 0) return 'paid'
  return netPaid > 0 ? 'part-paid' : 'unpaid'
}
