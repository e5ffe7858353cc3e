import { describe, expect, it } from 'vitest'
import { orderLedger } from './order-ledger'
import {
  type PromotionRule,
  applyPromotions,
  coversRegion,
  freeDeliveryProgress,
  promotionDiscount,
  promotionLabel,
  promotionLive,
} from './promotions'

const now = new Date('2026-11-28T12:00:00Z')
const rule = (over: Partial<PromotionRule>): PromotionRule => ({
  id: over.id ?? 'p1',
  name: '',
  kind: 'free-delivery',
  value: 0,
  minSubtotalMinor: 30_000,
  regions: [],
  startsAt: null,
  endsAt: null,
  active: true,
  ...over,
})
const base = {
  currency: 'GHS',
  now,
  subtotalMinor: 30_000,
  deliveryType: 'dispatch' as const,
  region: 'Greater Accra',
  deliveryFeeMinor: 2_500,
  codeDiscountMinor: 0,
  stacksWithCodes: false,
}

describe('promotionLabel', () => {
  it('names what the promotion gives and from when, whole amounts without decimals', () => {
    expect(promotionLabel(rule({}), 'GHS')).toBe('Free delivery over GHS 300')
    expect(promotionLabel(rule({ kind: 'percentage', value: 10, minSubtotalMinor: 20_000 }), 'GHS')).toBe('10% off orders over GHS 200')
    expect(promotionLabel(rule({ kind: 'fixed', value: 1_550, minSubtotalMinor: 0 }), 'GHS')).toBe('GHS 15.50 off every order')
    expect(promotionLabel(rule({ name: '  Christmas sale ' }), 'GHS')).toBe('Christmas sale')
  })
})

describe('promotionLive', () => {
  it('is on only when switched on and inside its window (start in, end out)', () => {
    expect(promotionLive(rule({}), now)).toBe(true)
    expect(promotionLive(rule({ active: false }), now)).toBe(false)
    expect(promotionLive(rule({ startsAt: now }), now)).toBe(true)
    expect(promotionLive(rule({ startsAt: new Date(now.getTime() + 1) }), now)).toBe(false)
    expect(promotionLive(rule({ endsAt: now }), now)).toBe(false)
    expect(promotionLive(rule({ endsAt: new Date(now.getTime() + 1) }), now)).toBe(true)
  })
})

describe('coversRegion', () => {
  it('covers every region without a list, else the listed ones ignoring case', () => {
    expect(coversRegion(rule({}), 'Ashanti')).toBe(true)
    expect(coversRegion(rule({ regions: ['Greater Accra'] }), 'greater accra ')).toBe(true)
    expect(coversRegion(rule({ regions: ['Greater Accra'] }), 'Ashanti')).toBe(false)
    expect(coversRegion(rule({ regions: ['Greater Accra'] }), undefined)).toBe(false)
  })
})

describe('promotionDiscount', () => {
  it('needs the minimum subtotal and never goes above the subtotal or below 0', () => {
    const tenPercent = rule({ kind: 'percentage', value: 10, minSubtotalMinor: 10_000 })
    expect(promotionDiscount(tenPercent, 9_999)).toBe(0)
    expect(promotionDiscount(tenPercent, 10_000)).toBe(1_000)
    expect(promotionDiscount(rule({ kind: 'percentage', value: 150, minSubtotalMinor: 0 }), 5_000)).toBe(5_000)
    expect(promotionDiscount(rule({ kind: 'fixed', value: 8_000, minSubtotalMinor: 0 }), 5_000)).toBe(5_000)
    expect(promotionDiscount(rule({ kind: 'fixed', value: -100, minSubtotalMinor: 0 }), 5_000)).toBe(0)
    expect(promotionDiscount(rule({ kind: 'fixed', value: 100, minSubtotalMinor: 0 }), 0)).toBe(0)
    expect(promotionDiscount(rule({}), 50_000)).toBe(0)
  })
})

describe('applyPromotions', () => {
  it('waives the delivery fee from the threshold on, not below it', () => {
    const at = applyPromotions({ ...base, rules: [rule({})] })
    expect(at.freeDelivery).toEqual({ id: 'p1', kind: 'free-delivery', label: 'Free delivery over GHS 300', amountMinor: 2_500 })
    expect(applyPromotions({ ...base, subtotalMinor: 29_999, rules: [rule({})] }).freeDelivery).toBeNull()
  })

  it('waives nothing for pick-up, a rate without a fee, a region it is not for, or outside its window', () => {
    expect(applyPromotions({ ...base, deliveryType: 'pick-up', deliveryFeeMinor: 0, rules: [rule({})] }).freeDelivery).toBeNull()
    expect(applyPromotions({ ...base, deliveryFeeMinor: 0, rules: [rule({})] }).freeDelivery).toBeNull()
    expect(applyPromotions({ ...base, rules: [rule({ regions: ['Ashanti'] })] }).freeDelivery).toBeNull()
    expect(applyPromotions({ ...base, rules: [rule({ regions: ['Ashanti', 'Greater Accra'] })] }).freeDelivery).not.toBeNull()
    expect(applyPromotions({ ...base, rules: [rule({ endsAt: now })] }).freeDelivery).toBeNull()
    expect(applyPromotions({ ...base, rules: [rule({ active: false })] }).freeDelivery).toBeNull()
  })

  it('gives the best automatic discount of those whose minimum is met', () => {
    const rules = [
      rule({ id: 'a', kind: 'percentage', value: 10, minSubtotalMinor: 10_000 }),
      rule({ id: 'b', kind: 'fixed', value: 5_000, minSubtotalMinor: 40_000 }),
      rule({ id: 'c', kind: 'fixed', value: 2_000, minSubtotalMinor: 0 }),
    ]
    expect(applyPromotions({ ...base, rules }).discount).toMatchObject({ id: 'a', amountMinor: 3_000, label: '10% off orders over GHS 100' })
    expect(applyPromotions({ ...base, subtotalMinor: 50_000, rules }).discount).toMatchObject({ id: 'a', amountMinor: 5_000 })
    expect(applyPromotions({ ...base, subtotalMinor: 60_000, rules }).discount).toMatchObject({ id: 'a', amountMinor: 6_000 })
    expect(applyPromotions({ ...base, subtotalMinor: 5_000, rules }).discount).toMatchObject({ id: 'c', amountMinor: 2_000 })
  })

  it('without stacking, gives the better of the code and the promotions together (a tie keeps the promotions)', () => {
    const rules = [rule({}), rule({ id: 'd', kind: 'fixed', value: 1_000, minSubtotalMinor: 0 })]
    // Promotions give 2,500 (delivery) + 1,000.
    const codeBetter = applyPromotions({ ...base, rules, codeDiscountMinor: 3_501 })
    expect(codeBetter).toEqual({ discount: null, freeDelivery: null, useCode: true })
    const promotionsBetter = applyPromotions({ ...base, rules, codeDiscountMinor: 3_000 })
    expect(promotionsBetter.useCode).toBe(false)
    expect(promotionsBetter.discount?.amountMinor).toBe(1_000)
    expect(promotionsBetter.freeDelivery?.amountMinor).toBe(2_500)
    expect(applyPromotions({ ...base, rules, codeDiscountMinor: 3_500 }).useCode).toBe(false)
  })

  it('with stacking, gives both, the two discounts together never more than the subtotal', () => {
    const rules = [rule({}), rule({ id: 'd', kind: 'percentage', value: 50, minSubtotalMinor: 0 })]
    const both = applyPromotions({ ...base, rules, stacksWithCodes: true, codeDiscountMinor: 20_000 })
    expect(both.useCode).toBe(true)
    expect(both.discount?.amountMinor).toBe(10_000)
    expect(both.freeDelivery?.amountMinor).toBe(2_500)
    const whole = applyPromotions({ ...base, rules, stacksWithCodes: true, codeDiscountMinor: 30_000 })
    expect(whole.discount).toBeNull()
    expect(whole.freeDelivery?.amountMinor).toBe(2_500)
  })
})

describe('freeDeliveryProgress', () => {
  it('says how far the cart is from the lowest live threshold', () => {
    const rules = [rule({ minSubtotalMinor: 50_000 }), rule({ minSubtotalMinor: 30_000 }), rule({ minSubtotalMinor: 10_000, active: false })]
    expect(freeDeliveryProgress(rules, 25_500, now)).toEqual({ minSubtotalMinor: 30_000, missingMinor: 4_500 })
    expect(freeDeliveryProgress(rules, 31_000, now)).toEqual({ minSubtotalMinor: 30_000, missingMinor: 0 })
    expect(freeDeliveryProgress([rule({ kind: 'fixed', value: 100 })], 0, now)).toBeNull()
  })
})

describe('orderLedger with promotions', () => {
  const charges = {
    subtotalMinor: 30_000,
    discountMinor: 0,
    adjustmentMinor: 0,
    deliveryMinor: 2_500,
    deliveryType: 'dispatch' as const,
    deliveryPaymentOption: 'instant',
    taxMinor: 0,
    canceled: false,
  }
  it('takes the waived fee off the delivery and the promotion off the total', () => {
    const ledger = orderLedger({ ...charges, promotionMinor: 3_000, deliveryWaivedMinor: 2_500 })
    expect(ledger).toMatchObject({ deliveryMinor: 0, deliveryWaivedMinor: 2_500, promotionMinor: 3_000, totalExTaxMinor: 27_000, dueWithOrderMinor: 27_000 })
  })
  it('never waives more than the fee, nor anything on pick-up, and never goes below 0', () => {
    expect(orderLedger({ ...charges, deliveryWaivedMinor: 9_999 })).toMatchObject({ deliveryMinor: 0, deliveryWaivedMinor: 2_500 })
    expect(orderLedger({ ...charges, deliveryType: 'pick-up', deliveryWaivedMinor: 2_500 })).toMatchObject({ deliveryMinor: 0, deliveryWaivedMinor: 0 })
    expect(orderLedger({ ...charges, discountMinor: 30_000, promotionMinor: 30_000, deliveryWaivedMinor: 2_500 }).totalExTaxMinor).toBe(0)
  })
})
