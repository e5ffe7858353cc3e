/**
 * Promotions without codes (issue 29, decisions 78–80): free delivery over an amount, optionally only for
 * some delivery regions, and automatic percentage or fixed discounts over a minimum subtotal. Each has an
 * optional window (starts/ends) and an on/off switch. All amounts are integer minor units.
 *
 * `applyPromotions` is the one place that decides what an order gets: the best automatic discount, free
 * delivery, and whether a discount code the buyer gave still applies. Unless the shop lets promotions stack
 * with codes, the buyer gets whichever is better for them: the code's discount, or everything the
 * promotions give (discount and waived delivery); a tie keeps the promotions and leaves the code unused.
 */
import { formatMoney, toMajor } from './money'

export const promotionKinds = ['free-delivery', 'percentage', 'fixed'] as const
export type PromotionKind = (typeof promotionKinds)[number]

export type PromotionRule = {
  id: string
  /** The merchant's own name; '' gives the label `promotionLabel` writes. */
  name: string
  kind: PromotionKind
  /** Percent (1–100) for percentage, minor units for fixed; 0 for free delivery. */
  value: number
  /** The subtotal (items, before any discount) from which it applies: "over GHS 300" is 300 or more. */
  minSubtotalMinor: number
  /** Free delivery only: the delivery regions it is for; empty for every region. */
  regions: readonly string[]
  startsAt: Date | null
  endsAt: Date | null
  active: boolean
}

/** What an order keeps of a promotion it got (never recomputed later). */
export type AppliedPromotion = {
  id: string
  kind: PromotionKind
  /** As the buyer reads it: "Free delivery over GHS 300", "10% off orders over GHS 200". */
  label: string
  /** The discount it gave, or the delivery fee it waived. */
  amountMinor: number
}

/**
 * A whole amount without its decimals ("GHS 300"), any other with them ("GHS 45.50"), with plain spaces:
 * labels are stored text that CSVs and messages carry as they are.
 */
export function shortMoney(minor: number, currency: string): string {
  const text = formatMoney(toMajor(minor), currency).replace(/\u00a0/g, ' ')
  return minor % 100 === 0 ? text.replace(/\.00$/, '') : text
}

/** The promotion as shoppers read it: its name, or what it gives and from when. */
export function promotionLabel(rule: Pick<PromotionRule, 'name' | 'kind' | 'value' | 'minSubtotalMinor'>, currency: string): string {
  if (rule.name.trim()) return rule.name.trim()
  const over = rule.minSubtotalMinor > 0 ? ` over ${shortMoney(rule.minSubtotalMinor, currency)}` : ''
  if (rule.kind === 'free-delivery') return `Free delivery${over}`
  const off = rule.kind === 'percentage' ? `${rule.value}% off` : `${shortMoney(rule.value, currency)} off`
  return over ? `${off} orders${over}` : `${off} every order`
}

/** Switched on and inside its window at `now` (a window's start is in, its end is out). */
export function promotionLive(rule: Pick<PromotionRule, 'active' | 'startsAt' | 'endsAt'>, now: Date): boolean {
  if (!rule.active) return false
  if (rule.startsAt && rule.startsAt.getTime() > now.getTime()) return false
  if (rule.endsAt && rule.endsAt.getTime() <= now.getTime()) return false
  return true
}

/** Whether a free-delivery promotion covers the region (no regions: every one), ignoring case. */
export function coversRegion(rule: Pick<PromotionRule, 'regions'>, region: string | null | undefined): boolean {
  if (rule.regions.length === 0) return true
  if (!region) return false
  const wanted = region.trim().toLowerCase()
  return rule.regions.some((r) => r.trim().toLowerCase() === wanted)
}

/** The discount an automatic promotion gives on a subtotal: never more than the subtotal, never below 0. */
export function promotionDiscount(rule: Pick<PromotionRule, 'kind' | 'value' | 'minSubtotalMinor'>, subtotalMinor: number): number {
  if (rule.kind === 'free-delivery' || subtotalMinor <= 0 || subtotalMinor < rule.minSubtotalMinor || rule.value <= 0) return 0
  const raw = rule.kind === 'percentage' ? Math.round((subtotalMinor * Math.min(rule.value, 100)) / 100) : rule.value
  return Math.max(0, Math.min(raw, subtotalMinor))
}

export type PromotionInput = {
  rules: readonly PromotionRule[]
  currency: string
  now: Date
  subtotalMinor: number
  deliveryType: 'pick-up' | 'dispatch'
  region?: string | null
  /** The delivery rate's fee (0 for pick-up or none chosen yet). */
  deliveryFeeMinor: number
  /** What the buyer's discount code would give (0 without one). */
  codeDiscountMinor: number
  /** The shop's setting: promotions add to a code's discount instead of competing with it. */
  stacksWithCodes: boolean
}

export type PromotionOutcome = {
  /** The automatic discount given (the best one for the buyer), or null. */
  discount: AppliedPromotion | null
  /** The free delivery given (the delivery fee waived), or null. */
  freeDelivery: AppliedPromotion | null
  /** Whether the code's discount applies (false: the promotions were better and the code is not used). */
  useCode: boolean
}

export const noPromotion: PromotionOutcome = { discount: null, freeDelivery: null, useCode: true }

/** The promotion's amount in an outcome (0 when not given). */
export const promotionDiscountMinor = (outcome: Pick<PromotionOutcome, 'discount'>) => outcome.discount?.amountMinor ?? 0
export const deliveryWaivedMinor = (outcome: Pick<PromotionOutcome, 'freeDelivery'>) => outcome.freeDelivery?.amountMinor ?? 0

/**
 * What the live promotions give this order. The best automatic discount (the largest amount; on a tie the
 * earlier rule), and free delivery when a live rule's minimum is met for a dispatch to a covered region
 * with a fee to waive (pick-up has none). Without stacking, the buyer gets the better of the code and the
 * promotions together; with it, both.
 */
export function applyPromotions(input: PromotionInput): PromotionOutcome {
  const live = input.rules.filter((rule) => promotionLive(rule, input.now))
  let discount: AppliedPromotion | null = null
  for (const rule of live) {
    const amountMinor = promotionDiscount(rule, input.subtotalMinor)
    if (amountMinor > 0 && amountMinor > (discount?.amountMinor ?? 0)) {
      discount = { id: rule.id, kind: rule.kind, label: promotionLabel(rule, input.currency), amountMinor }
    }
  }
  let freeDelivery: AppliedPromotion | null = null
  if (input.deliveryType === 'dispatch' && input.deliveryFeeMinor > 0 && input.subtotalMinor > 0) {
    const rule = live.find((r) => r.kind === 'free-delivery' && input.subtotalMinor >= r.minSubtotalMinor && coversRegion(r, input.region))
    if (rule) freeDelivery = { id: rule.id, kind: rule.kind, label: promotionLabel(rule, input.currency), amountMinor: input.deliveryFeeMinor }
  }
  if (input.codeDiscountMinor <= 0) return { discount, freeDelivery, useCode: true }
  if (input.stacksWithCodes) {
    // Together they never take more than the items come to.
    const room = Math.max(0, input.subtotalMinor - input.codeDiscountMinor)
    const capped = discount && room > 0 ? { ...discount, amountMinor: Math.min(discount.amountMinor, room) } : null
    return { discount: capped, freeDelivery, useCode: true }
  }
  const promotionsGive = (discount?.amountMinor ?? 0) + (freeDelivery?.amountMinor ?? 0)
  if (promotionsGive === 0) return { discount: null, freeDelivery: null, useCode: true }
  if (input.codeDiscountMinor > promotionsGive) return { discount: null, freeDelivery: null, useCode: true }
  return { discount, freeDelivery, useCode: false }
}

/**
 * For the product page and the cart: the live free-delivery promotion the buyer can reach soonest (the
 * lowest minimum, regions aside since the region is chosen at checkout) and how much more the cart needs
 * for it (0: it applies). Null when the shop has none live.
 */
export function freeDeliveryProgress(
  rules: readonly Pick<PromotionRule, 'kind' | 'minSubtotalMinor' | 'active' | 'startsAt' | 'endsAt'>[],
  subtotalMinor: number,
  now: Date,
): { minSubtotalMinor: number; missingMinor: number } | null {
  const offers = rules.filter((r) => r.kind === 'free-delivery' && promotionLive(r, now))
  if (offers.length === 0) return null
  const lowest = Math.min(...offers.map((r) => r.minSubtotalMinor))
  return { minSubtotalMinor: lowest, missingMinor: Math.max(0, lowest - Math.max(0, subtotalMinor)) }
}
