/**
 * The checkout's figures before the server prices it (docs/product.md §5, §9), in minor units, from the domain
 * rules. Once a checkout or order exists, its own `totals` are the truth.
 */
import { checkoutTotal, discountAmount, subtotal, taxAmount, toMinor } from '@shop/domain'
import type { DeliveryRateOption } from '@shop/domain/schemas/delivery'
import type { PublicDiscountCode } from '@shop/domain/schemas/discount-code'

/** docs/product.md §9 / docs/architecture.md §9: fixed-amount codes are in GHS. */
export const FIXED_DISCOUNT_CURRENCY = 'GHS'

export type PricedLine = { unitPriceMinor: number; count: number }

export type Estimate = {
  subtotal: number
  discount: number
  /** null while the shop's tax rate is unknown to the storefront. */
  tax: number | null
  /** The chosen rate's fee (0 for pick-up or before a rate is chosen). */
  delivery: number
  /** Whether the fee is in `total` (instant rates) or paid to the rider. */
  deliveryPaid: 'with-order' | 'on-delivery' | 'none'
  total: number
  /** Why a looked-up code gives no discount, if it does not. */
  discountProblem: 'min-subtotal' | 'empty-cart' | null
}

type Input = {
  lines: readonly PricedLine[]
  deliveryType: 'pick-up' | 'dispatch'
  rate: Pick<DeliveryRateOption, 'fee' | 'paymentOption'> | null
  code: Pick<PublicDiscountCode, 'type' | 'value' | 'minSubtotal'> | null
  /** Percent of the subtotal; undefined when unknown. */
  taxRate: number | undefined
}

/** The code's terms as discountAmount wants them: a percent, or minor units. */
function terms(code: NonNullable<Input['code']>) {
  return { type: code.type, value: code.type === 'fixed' ? toMinor(code.value) : code.value }
}

export function estimate({ lines, deliveryType, rate, code, taxRate }: Input): Estimate {
  const sub = subtotal(lines)
  let discountProblem: Estimate['discountProblem'] = null
  if (code && sub <= 0) discountProblem = 'empty-cart'
  else if (code && sub < toMinor(code.minSubtotal)) discountProblem = 'min-subtotal'
  // docs/product.md §5: only a code the lookup yielded, and only on a subtotal above 0.
  const discount = code && !discountProblem ? discountAmount(sub, terms(code)) : 0
  const tax = taxRate === undefined ? null : taxAmount(sub, Math.round(taxRate * 100))
  const dispatch = deliveryType === 'dispatch' && rate !== null
  const delivery = dispatch ? toMinor(rate.fee.value) : 0
  const total = checkoutTotal({
    subtotal: sub,
    tax: tax ?? 0,
    deliveryFee: delivery,
    discount,
    deliveryType,
    paymentOption: rate?.paymentOption ?? null,
  })
  const deliveryPaid = !dispatch || delivery === 0 ? 'none' : rate.paymentOption === 'instant' ? 'with-order' : 'on-delivery'
  return { subtotal: sub, discount, tax, delivery, deliveryPaid, total, discountProblem }
}
