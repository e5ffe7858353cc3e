import { describe, expect, it } from 'vitest'
import { sharedCheckoutRows } from './shared-checkout-totals'

// Subtotal 200 with a 10 % code and 5 of tax; the creator chose an instant rate of 25.
const checkout = {
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
    expect(byLabel(sharedCheckoutRows(checkout, { type: 'dispatch', rate: null }))).toMatchObject({
      Delivery: 'Choose a region and rate',
      'Total before delivery': 185,
    })
  })

  it('prices the chosen delivery: pick-up is free, an instant fee is in the total, a rider\'s is not', () => {
    expect(byLabel(sharedCheckoutRows(checkout, { type: 'pick-up' }))).toMatchObject({ Delivery: 'Free (pick-up)', Total: 185 })
    expect(byLabel(sharedCheckoutRows(checkout, { type: 'dispatch', rate: express }))).toMatchObject({ Delivery: 30, Total: 215 })
    const onDelivery = sharedCheckoutRows(checkout, { type: 'dispatch', rate: rider })
    expect(byLabel(onDelivery)).toMatchObject({ Delivery: 15, Total: 185 })
    expect(onDelivery.find((row) => row.label === 'Delivery')?.note).toBe('paid to the rider on delivery')
  })
})
