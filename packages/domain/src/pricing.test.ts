import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { checkoutTotal, discountAmount, displayedPrice, orderTotal, subtotal, taxAmount } from './pricing'

describe('displayedPrice', () => {
  it('uses sellAt when above 0, else the price', () => {
    expect(displayedPrice(5000, 3500)).toBe(3500)
    expect(displayedPrice(5000, 0)).toBe(5000)
  })
})

describe('discountAmount', () => {
  it('takes a percentage of the subtotal', () => {
    expect(discountAmount(20000, { type: 'percentage', value: 10 })).toBe(2000)
    expect(discountAmount(999, { type: 'percentage', value: 10 })).toBe(100) // 99.9 rounds to 100 pesewas
  })
  it('takes a fixed value, never above the subtotal', () => {
    expect(discountAmount(5000, { type: 'fixed', value: 2000 })).toBe(2000)
    expect(discountAmount(1500, { type: 'fixed', value: 2000 })).toBe(1500)
  })
  it('applies only when the subtotal is above 0 and a discount exists', () => {
    expect(discountAmount(0, { type: 'fixed', value: 2000 })).toBe(0)
    expect(discountAmount(5000, null)).toBe(0)
    expect(discountAmount(5000, undefined)).toBe(0)
  })
  it('is never negative nor above the subtotal', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1000, max: 10_000_000 }),
        fc.constantFrom('percentage' as const, 'fixed' as const),
        fc.integer({ min: -100, max: 10_000_000 }),
        (sub, type, value) => {
          const amount = discountAmount(sub, { type, value })
          expect(amount).toBeGreaterThanOrEqual(0)
          expect(amount).toBeLessThanOrEqual(Math.max(sub, 0))
          expect(Number.isInteger(amount)).toBe(true)
        },
      ),
    )
  })
})

describe('taxAmount', () => {
  it('is basis points of the subtotal, rounded', () => {
    expect(taxAmount(10000, 1250)).toBe(1250)
    expect(taxAmount(333, 1500)).toBe(50)
    expect(taxAmount(10000, 0)).toBe(0)
  })
})

describe('totals', () => {
  it('order total = subtotal + delivery (0 for pick-up) − discount', () => {
    expect(orderTotal({ subtotal: 10000, deliveryFee: 2500, discount: 1000, deliveryType: 'dispatch' })).toBe(11500)
    expect(orderTotal({ subtotal: 10000, deliveryFee: 2500, discount: 1000, deliveryType: 'pick-up' })).toBe(9000)
  })

  it('checkout total adds tax, and delivery only for an instant rate', () => {
    const base = { subtotal: 10000, tax: 1250, deliveryFee: 2500, discount: 1000, deliveryType: 'dispatch' as const }
    expect(checkoutTotal({ ...base, paymentOption: 'instant' })).toBe(12750)
    expect(checkoutTotal({ ...base, paymentOption: 'on-delivery' })).toBe(10250)
    expect(checkoutTotal({ ...base, deliveryType: 'pick-up', paymentOption: 'instant' })).toBe(10250)
  })

  it('equal the catalog arithmetic and are never negative', () => {
    const line = fc.record({ unitPriceMinor: fc.integer({ min: 0, max: 1_000_000 }), count: fc.integer({ min: 1, max: 50 }) })
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 20 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 3000 }),
        fc.option(fc.record({ type: fc.constantFrom('percentage' as const, 'fixed' as const), value: fc.integer({ min: 1, max: 1_000_000 }) })),
        fc.constantFrom('pick-up' as const, 'dispatch' as const),
        fc.constantFrom('instant', 'on-delivery'),
        (lines, fee, bps, terms, deliveryType, paymentOption) => {
          const sub = lines.reduce((sum, l) => sum + l.unitPriceMinor * l.count, 0)
          expect(subtotal(lines)).toBe(sub)
          const discount = discountAmount(sub, terms)
          const tax = taxAmount(sub, bps)
          const order = orderTotal({ subtotal: sub, deliveryFee: fee, discount, deliveryType })
          const checkout = checkoutTotal({ subtotal: sub, tax, deliveryFee: fee, discount, deliveryType, paymentOption })
          expect(order).toBe(sub + (deliveryType === 'dispatch' ? fee : 0) - discount)
          expect(checkout).toBe(sub + tax + (deliveryType === 'dispatch' && paymentOption === 'instant' ? fee : 0) - discount)
          expect(order).toBeGreaterThanOrEqual(0)
          expect(checkout).toBeGreaterThanOrEqual(0)
        },
      ),
    )
  })
})
