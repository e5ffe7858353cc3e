/**
 * The checkout's estimate with the shop's live promotions (decision 78), from the domain's rules as the
 * server applies them: an automatic discount, free delivery, and a code set aside when the promotions
 * are better (decision 79). Once a checkout or order exists, its own totals are the truth.
 */
import { type PromotionOutcome, type PromotionRule, applyPromotions, checkoutTotal, freeDeliveryProgress, toMinor } from '@shop/domain'
import type { PublicPromotion } from '@shop/domain/schemas/promotion'
import type { TotalsRow } from './totals-rows'
import type { Estimate } from './totals'
import type { ShopPromotions } from './use-promotions'

/** A public promotion as the domain's rule (the public read has only live, switched-on ones). */
export function ruleOf(promotion: PublicPromotion): PromotionRule {
  return {
    id: promotion._id,
    name: promotion.label,
    kind: promotion.kind,
    value: promotion.kind === 'fixed' ? toMinor(promotion.value) : promotion.value,
    minSubtotalMinor: toMinor(promotion.minSubtotal),
    regions: promotion.regions,
    startsAt: promotion.startsAt ? new Date(promotion.startsAt) : null,
    endsAt: promotion.endsAt ? new Date(promotion.endsAt) : null,
    active: true,
  }
}

export type PromotedEstimate = { figures: Estimate; outcome: PromotionOutcome }

/**
 * `figures` with what the promotions give: the code's discount dropped when they beat it, the waived fee
 * off the delivery, the promotion's discount off the total.
 */
export function withPromotions(
  figures: Estimate,
  shop: ShopPromotions,
  input: { deliveryType: 'pick-up' | 'dispatch'; region: string; paymentOption: string | null; currency: string; now?: Date },
): PromotedEstimate {
  const outcome = applyPromotions({
    rules: shop.promotions.map(ruleOf),
    currency: input.currency,
    now: input.now ?? new Date(),
    subtotalMinor: figures.subtotal,
    deliveryType: input.deliveryType,
    region: input.region,
    deliveryFeeMinor: input.deliveryType === 'dispatch' ? figures.delivery : 0,
    codeDiscountMinor: figures.discount,
    stacksWithCodes: shop.stacksWithCodes,
  })
  const discount = outcome.useCode ? figures.discount : 0
  const promotion = outcome.discount?.amountMinor ?? 0
  const delivery = figures.delivery - (outcome.freeDelivery?.amountMinor ?? 0)
  const total = checkoutTotal({
    subtotal: figures.subtotal,
    tax: figures.tax ?? 0,
    deliveryFee: delivery,
    discount: discount + promotion,
    deliveryType: input.deliveryType,
    paymentOption: input.paymentOption,
  })
  return { figures: { ...figures, discount, delivery, total }, outcome }
}

/**
 * The summary's rows with the promotions: the discount named before tax, the delivery marked free, and a
 * code the promotions beat said to be unused (decision 79).
 */
export function promotionRows(rows: TotalsRow[], outcome: PromotionOutcome, code?: { code: string } | null): TotalsRow[] {
  const result = rows.map((row) =>
    row.label === 'Delivery' && outcome.freeDelivery ? { label: 'Delivery', value: 'Free', note: outcome.freeDelivery.label } : row,
  )
  if (code && !outcome.useCode) result.splice(1, 0, { label: `Code ${code.code}`, value: 'Not used', note: 'the promotion saves you more' })
  if (outcome.discount) {
    const at = Math.max(1, result.findIndex((row) => row.label === 'Tax'))
    result.splice(at, 0, { label: outcome.discount.label, value: outcome.discount.amountMinor / 100, negative: true })
  }
  return result
}

/** The free-delivery offer the cart can reach, and how far it is (minor units); null when there is none. */
export function freeDeliveryOffer(shop: ShopPromotions, subtotalMinor: number, now = new Date()) {
  const offer = freeDeliveryProgress(shop.promotions.map(ruleOf), subtotalMinor, now)
  if (!offer) return null
  const promotion = shop.promotions.find((p) => p.kind === 'free-delivery' && toMinor(p.minSubtotal) === offer.minSubtotalMinor)
  return { ...offer, label: promotion?.label ?? '', regions: promotion?.regions ?? [] }
}
