/**
 * The figures of a shared checkout for whoever places it. Its items, discount and tax are the checkout's;
 * its delivery is the creator's only when the creator places it. Anyone else chooses their own, so the
 * delivery fee and the total follow that choice, with the shop's live promotions applied to it as the
 * checkout's estimate applies them (docs/product.md §9 checkout total; decisions 80 and 94; the server prices it again).
 */
import { toMajor, toMinor } from '@shop/domain'
import type { DeliveryRateOption } from '@shop/domain/schemas/delivery'
import type { Checkout } from '@shop/domain/schemas/orders'
import type { TotalsRow } from '../../lib/totals-rows'
import { pricedRows } from '../../lib/totals-rows'
import { promotionRows, withPromotions } from '../../lib/promotion-totals'
import type { ShopPromotions } from '../../lib/use-promotions'

/** The delivery chosen so far: null before any choice; a dispatch without a rate while none is chosen. */
export type DeliveryChoice =
  | { type: 'pick-up' }
  | { type: 'dispatch'; region: string; rate: Pick<DeliveryRateOption, 'fee' | 'paymentOption'> | null }
  | null

type Priced = Pick<Checkout, 'totals' | 'delivery' | 'discount' | 'currency'>

const noPromotions: ShopPromotions = { promotions: [], stacksWithCodes: false }

/** `choice` undefined: the checkout's own delivery (its creator placing it). */
export function sharedCheckoutRows(checkout: Priced, choice: DeliveryChoice | undefined, promotions = noPromotions, now = new Date()): TotalsRow[] {
  if (choice === undefined) return pricedRows(checkout, 'checkout')
  const { totals, discount } = checkout
  const deliveryType = choice?.type ?? 'pick-up'
  const rate = choice?.type === 'dispatch' ? choice.rate : null
  const codeMinor = discount ? toMinor(totals.discount) : 0
  const { figures, outcome } = withPromotions(
    {
      subtotal: toMinor(totals.subtotal),
      discount: codeMinor,
      tax: toMinor(totals.tax),
      delivery: rate ? toMinor(rate.fee.value) : 0,
      deliveryPaid: 'none',
      total: 0,
      discountProblem: null,
    },
    promotions,
    { deliveryType, region: choice?.type === 'dispatch' ? choice.region : '', paymentOption: rate?.paymentOption ?? null, currency: checkout.currency, now },
  )

  const rows: TotalsRow[] = [{ label: 'Subtotal', value: totals.subtotal }]
  if (discount && figures.discount > 0) rows.push({ label: `Discount (${discount.code})`, value: toMajor(figures.discount), negative: true })
  rows.push({ label: 'Tax', value: totals.tax })
  if (choice?.type === 'pick-up') rows.push({ label: 'Delivery', value: 'Free (pick-up)' })
  else if (!rate) rows.push({ label: 'Delivery', value: choice ? 'Choose a region and rate' : 'Choose your delivery' })
  else {
    const fee = rate.fee.value
    rows.push({ label: 'Delivery', value: fee, note: rate.paymentOption !== 'instant' && fee > 0 ? 'paid to the rider on delivery' : undefined })
  }
  const known = choice?.type === 'pick-up' || !!rate
  rows.push({ label: known ? 'Total' : 'Total before delivery', value: toMajor(figures.total), total: true })
  return promotionRows(rows, outcome, codeMinor > 0 ? discount : null)
}
