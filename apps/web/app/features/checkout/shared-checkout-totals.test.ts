import { describe, expect, it } from 'vitest'
import type { PublicPromotion } from '@shop/domain/schemas/promotion'
import { sharedCheckoutRows } from './shared-checkout-totals'

// Subtotal 200 with a 10 % code and 5 of tax; the creator chose an instant rate of 25.
const checkout = {
  currency: 'GHS',
  totals: { subtotal: 200, tax: 5, delivery: 25, discount: 20, total: 210, totalInclTax: 210 },
  delivery: {
    type: 'dispatch' as const,
    region: 'GH-AH',
    rate: { _id: 'r', name: 'Express', rate: { value: 25, currency: 'GHS' }, paymentOption: 'instant', estimatedDays: 1 },
  },
  discount: { code: 'WELCOME10', type: 'percentage' as const, value: 10 },
}
const rider = { fee: { value: 15, currency: 'GHS' }, paymentOption: 'on-delivery' as const }
const express = { fee: { value: 30, currency: 'GHS' }, paymentOption: 'instant' as const }

const byLabel = (rows: ReturnType<typeof sharedCheckoutRows>) => Object.fromEntries(rows.map((row) => [row.label, row.value]))

describe('shared checkout totals', () => {
  it('shows the checkout\'s own figures to its creator', () => {
    expect(byLabel(sharedCheckoutRows(checkout, undefined))).toEqual({
      Subtotal: 200,
      'Discount (WELCOME10)': 20,
      Tax: 5,
      Delivery: 25,
      Total: 210,
    })
  })

  it('leaves the creator\'s delivery out until someone else chooses theirs', () => {
    expect(byLabel(sharedCheckoutRows(checkout, null))).toEqual({
      Subtotal: 200,
      'Discount (WELCOME10)': 20,
      Tax: 5,
      Delivery: 'Choose your delivery',
      'Total before delivery': 185,
    })
    expect(byLabel(sharedCheckoutRows(checkout, { type: 'dispatch', region: '', rate: null }))).toMatchObject({
      Delivery: 'Choose a region and rate',
      'Total before delivery': 185,
    })
  })

  it('prices the chosen delivery: pick-up is free, an instant fee is in the total, a rider\'s is not', () => {
    expect(byLabel(sharedCheckoutRows(checkout, { type: 'pick-up' }))).toMatchObject({ Delivery: 'Free (pick-up)', Total: 185 })
    expect(byLabel(sharedCheckoutRows(checkout, { type: 'dispatch', region: 'GH-AA', rate: express }))).toMatchObject({ Delivery: 30, Total: 215 })
    const onDelivery = sharedCheckoutRows(checkout, { type: 'dispatch', region: 'GH-AA', rate: rider })
    expect(byLabel(onDelivery)).toMatchObject({ Delivery: 15, Total: 185 })
    expect(onDelivery.find((row) => row.label === 'Delivery')?.note).toBe('paid to the rider on delivery')
  })

  it('applies the shop\'s live promotions to the payer\'s own delivery', () => {
    const now = new Date('2026-12-07T10:00:00Z')
    const promotion = (fields: Partial<PublicPromotion>): PublicPromotion => ({
      _id: 'p',
      kind: 'free-delivery',
      label: 'Free delivery over GHS 150',
      value: 0,
      minSubtotal: 150,
      currency: 'GHS',
      regions: ['GH-AA'],
      startsAt: null,
      endsAt: null,
      ...fields,
    })
    const free = { promotions: [promotion({})], stacksWithCodes: true }
    const rows = sharedCheckoutRows(checkout, { type: 'dispatch', region: 'GH-AA', rate: express }, free, now)
    expect(byLabel(rows)).toMatchObject({ Delivery: 'Free', Total: 185 })
    expect(rows.find((row) => row.label === 'Delivery')?.note).toBe('Free delivery over GHS 150')
    // Another region pays its fee.
    expect(byLabel(sharedCheckoutRows(checkout, { type: 'dispatch', region: 'GH-AH', rate: express }, free, now))).toMatchObject({ Delivery: 30, Total: 215 })

    // An automatic discount adds to the code when the shop lets them stack; without stacking the better wins.
    const sale = [promotion({ _id: 's', kind: 'percentage', label: '25% off orders over GHS 100', value: 25, minSubtotal: 100, regions: [] })]
    expect(byLabel(sharedCheckoutRows(checkout, { type: 'pick-up' }, { promotions: sale, stacksWithCodes: true }, now))).toEqual({
      Subtotal: 200,
      'Discount (WELCOME10)': 20,
      '25% off orders over GHS 100': 50,
      Tax: 5,
      Delivery: 'Free (pick-up)',
      Total: 135,
    })
    expect(byLabel(sharedCheckoutRows(checkout, { type: 'pick-up' }, { promotions: sale, stacksWithCodes: false }, now))).toEqual({
      Subtotal: 200,
      'Code WELCOME10': 'Not used',
      '25% off orders over GHS 100': 50,
      Tax: 5,
      Delivery: 'Free (pick-up)',
      Total: 155,
    })
    // A promotion outside its window gives nothing.
    const later = [promotion({ ...sale[0], startsAt: '2026-12-08T00:00:00Z' })]
    expect(byLabel(sharedCheckoutRows(checkout, { type: 'pick-up' }, { promotions: later, stacksWithCodes: true }, now))).toMatchObject({ Total: 185 })
  })
})
