import { describe, expect, it } from 'vitest'
import { estimate } from './totals'

const lines = [
  { unitPriceMinor: 22_000, count: 1 },
  { unitPriceMinor: 2_800, count: 2 },
]
const express = { fee: { value: 25, currency: 'GHS' }, paymentOption: 'instant' as const }
const standard = { fee: { value: 15, currency: 'GHS' }, paymentOption: 'on-delivery' as const }
const welcome = { type: 'percentage' as const, value: 10, minSubtotal: 0 }
const ghs20 = { type: 'fixed' as const, value: 20, minSubtotal: 0 }

describe('checkout estimate (docs/product.md §5, §9)', () => {
  it('adds an instant rate to the total and leaves an on-delivery fee to the rider', () => {
    const instant = estimate({ lines, deliveryType: 'dispatch', rate: express, code: null, taxRate: 0 })
    expect(instant).toMatchObject({ subtotal: 27_600, delivery: 2_500, deliveryPaid: 'with-order', total: 30_100 })
    const onDelivery = estimate({ lines, deliveryType: 'dispatch', rate: standard, code: null, taxRate: 0 })
    expect(onDelivery).toMatchObject({ delivery: 1_500, deliveryPaid: 'on-delivery', total: 27_600 })
    const pickUp = estimate({ lines, deliveryType: 'pick-up', rate: express, code: null, taxRate: 0 })
    expect(pickUp).toMatchObject({ delivery: 0, deliveryPaid: 'none', total: 27_600 })
  })

  it('takes percentage and fixed (GHS) discounts, never beyond the subtotal', () => {
    expect(estimate({ lines, deliveryType: 'pick-up', rate: null, code: welcome, taxRate: 0 })).toMatchObject({
      discount: 2_760,
      total: 24_840,
    })
    expect(estimate({ lines, deliveryType: 'pick-up', rate: null, code: ghs20, taxRate: 0 }).discount).toBe(2_000)
    const small = [{ unitPriceMinor: 1_500, count: 1 }]
    expect(estimate({ lines: small, deliveryType: 'pick-up', rate: null, code: ghs20, taxRate: 0 })).toMatchObject({
      discount: 1_500,
      total: 0,
    })
  })

  it('gives no discount on an empty cart or below the minimum subtotal', () => {
    expect(estimate({ lines: [], deliveryType: 'pick-up', rate: null, code: welcome, taxRate: 0 })).toMatchObject({
      discount: 0,
      discountProblem: 'empty-cart',
    })
    const needs500 = { ...ghs20, minSubtotal: 500 }
    expect(estimate({ lines, deliveryType: 'pick-up', rate: null, code: needs500, taxRate: 0 })).toMatchObject({
      discount: 0,
      discountProblem: 'min-subtotal',
    })
  })

  it('adds tax at the shop rate, and reports it unknown when the rate is', () => {
    const taxed = estimate({ lines, deliveryType: 'dispatch', rate: express, code: welcome, taxRate: 12.5 })
    expect(taxed).toMatchObject({ tax: 3_450, total: 27_600 + 3_450 + 2_500 - 2_760 })
    expect(estimate({ lines, deliveryType: 'pick-up', rate: null, code: null, taxRate: undefined })).toMatchObject({
      tax: null,
      total: 27_600,
    })
  })
})
