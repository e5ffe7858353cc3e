/**
 * The figures of a shared checkout for whoever places it. Its items, discount and tax are the checkout's;
 * its delivery is the creator's only when the creator places it. Anyone else chooses their own, so the
 * delivery fee and the total follow that choice (SPEC §9 checkout total; the server prices it again).
 */
import { checkoutTotal, toMajor, toMinor } from '@shop/domain'
import type { DeliveryRateOption } from '@shop/domain/schemas/delivery'
import type { Checkout } from '@shop/domain/schemas/orders'
import type { TotalsRow } from '../../components/totals-table'
import { pricedRows } from '../../lib/totals-rows'

/** The delivery chosen so far: null before any choice; a dispatch without a rate while none is chosen. */
export type DeliveryChoice =
  | { type: 'pick-up' }
  | { type: 'dispatch'; rate: Pick<DeliveryRateOption, 'fee' | 'paymentOption'> | null }
  | null

type Priced = Pick<Checkout, 'totals' | 'delivery' | 'discount'>

/** `choice` undefined: the checkout's own delivery (its creator placing it). */
export function sharedCheckoutRows(checkout: Priced, choice: DeliveryChoice | undefined): TotalsRow[] {
  if (choice === undefined) return pricedRows(checkout, 'checkout')
  const { totals, discount } = checkout
  const rows: TotalsRow[] = [{ label: 'Subtotal', value: totals.subtotal }]
  if (discount && totals.discount > 0) rows.push({ label: `Discount (${discount.code})`, value: totals.discount, negative: true })
  rows.push({ label: 'Tax', value: totals.tax })

  const rate = choice?.type === 'dispatch' ? choice.rate : null
  if (choice?.type === 'pick-up') rows.push({ label: 'Delivery', value: 'Free (pick-up)' })
  else if (!rate) rows.push({ label: 'Delivery', value: choice ? 'Choose a region and rate' : 'Choose your delivery' })
  else {
    const fee = rate.fee.value
    rows.push({ label: 'Delivery', value: fee, note: rate.paymentOption !== 'instant' && fee > 0 ? 'paid to the rider on delivery' : undefined })
  }

  const total = checkoutTotal({
    subtotal: toMinor(totals.subtotal),
    tax: toMinor(totals.tax),
    deliveryFee: rate ? toMinor(rate.fee.value) : 0,
    discount: toMinor(totals.discount),
    deliveryType: choice?.type ?? 'pick-up',
    paymentOption: rate?.paymentOption ?? null,
  })
  const known = choice?.type === 'pick-up' || !!rate
  rows.push({ label: known ? 'Total' : 'Total before delivery', value: toMajor(total), total: true })
  return rows
}
