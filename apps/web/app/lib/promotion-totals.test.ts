import { describe, expect, it } from 'vitest'
import type { PublicPromotion } from '@shop/domain/schemas/promotion'
import type { Estimate } from './totals'
import { freeDeliveryOffer, promotionRows, withPromotions } from './promotion-totals'

const free: PublicPromotion = { _id: 'p1', kind: 'free-delivery', label: 'Free delivery over GHS 300', value: 0, minSubtotal: 300, currency: 'GHS', regions: [], startsAt: null, endsAt: null }
const tenOff: PublicPromotion = { ...free, _id: 'p2', kind: 'fixed', label: 'GHS 10 off every order', value: 10, minSubtotal: 0 }
const figures = (over: Partial<Estimate> = {}): Estimate => ({
  subtotal: 30_000,
  discount: 0,
  tax: 0,
  delivery: 2_500,
  deliveryPaid: 'with-order',
  total: 32_500,
  discountProblem: null,
  ...over,
})
const dispatch = { deliveryType: 'dispatch' as const, region: 'GH-AA', paymentOption: 'instant', currency: 'GHS' }

describe('withPromotions', () => {
  it('waives the fee from the threshold on and takes an automatic discount off the total', () => {
    const { figures: after, outcome } = withPromotions(figures(), { promotions: [free, tenOff], stacksWithCodes: false }, dispatch)
    expect(after).toMatchObject({ delivery: 0, total: 29_000 })
    expect(outcome.freeDelivery?.label).toBe('Free delivery over GHS 300')
    const rows = promotionRows([{ label: 'Subtotal', value: 300 }, { label: 'Tax', value: 0 }, { label: 'Delivery', value: 25 }], outcome)
    expect(rows).toEqual([
      { label: 'Subtotal', value: 300 },
      { label: 'GHS 10 off every order', value: 10, negative: true },
      { label: 'Tax', value: 0 },
      { label: 'Delivery', value: 'Free', note: 'Free delivery over GHS 300' },
    ])
  })

  it('drops a code the promotions beat, and says so', () => {
    const { figures: after, outcome } = withPromotions(figures({ discount: 500, total: 32_000 }), { promotions: [free], stacksWithCodes: false }, dispatch)
    expect(after).toMatchObject({ discount: 0, delivery: 0, total: 30_000 })
    expect(promotionRows([{ label: 'Subtotal', value: 300 }], outcome, { code: 'SAVE5' })[1]).toMatchObject({ label: 'Code SAVE5', value: 'Not used' })
  })

  it('changes nothing below the threshold or for pick-up', () => {
    const shop = { promotions: [free], stacksWithCodes: false }
    expect(withPromotions(figures({ subtotal: 29_999, total: 32_499 }), shop, dispatch).figures.total).toBe(32_499)
    const pickUp = withPromotions(figures({ delivery: 0, total: 30_000 }), shop, { ...dispatch, deliveryType: 'pick-up', paymentOption: null })
    expect(pickUp.outcome.freeDelivery).toBeNull()
  })
})

describe('freeDeliveryOffer', () => {
  it('says how far the cart is from free delivery', () => {
    expect(freeDeliveryOffer({ promotions: [free], stacksWithCodes: false }, 25_500)).toMatchObject({ missingMinor: 4_500, label: 'Free delivery over GHS 300' })
    expect(freeDeliveryOffer({ promotions: [tenOff], stacksWithCodes: false }, 25_500)).toBeNull()
  })
})
