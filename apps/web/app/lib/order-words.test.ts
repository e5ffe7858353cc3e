import { describe, expect, it } from 'vitest'
import type { Order } from '@shop/domain/schemas/orders'
import { buyerDeliveryWords, buyerPaymentWords, pickupWords } from './order-words'

type Delivery = Order['delivery']
const dispatch = (name: string | null): Delivery =>
  ({ type: 'dispatch', region: 'GH-NP', address: 'Near the mosque', rate: name === null ? null : { _id: 'r', name, rate: { value: 45, currency: 'GHS' }, paymentOption: 'instant' } }) as unknown as Delivery
const pickUp = { type: 'pick-up' } as unknown as Delivery

const paying = (provider: string, delivery: Delivery, extra: Partial<Pick<Order, 'status' | 'paid' | 'acked'>> = {}) => ({
  payment: { provider } as Order['payment'],
  delivery,
  status: 'placed' as const,
  paid: 0,
  acked: false,
  ...extra,
})

describe('buyerDeliveryWords', () => {
  it('says the region once when the rate is named after it', () => {
    expect(buyerDeliveryWords({ delivery: dispatch('Delivery to Northern') }, 'Northern')).toBe('Delivery to Northern')
    expect(buyerDeliveryWords({ delivery: dispatch('Express rider') }, 'Northern')).toBe('Express rider to Northern')
    expect(buyerDeliveryWords({ delivery: dispatch(null) }, 'Northern')).toBe('Delivery to Northern')
    expect(buyerDeliveryWords({ delivery: pickUp }, null)).toBe('Pick-up at the shop')
  })

  it('says where to pick up when the shop has a pick-up address', () => {
    expect(buyerDeliveryWords({ delivery: pickUp }, null, '14 Oxford Street, Osu')).toBe('Pick-up at 14 Oxford Street, Osu')
    expect(buyerDeliveryWords({ delivery: dispatch('Rider') }, 'Northern', '14 Oxford Street, Osu')).toBe('Rider to Northern')
  })
})

describe('pickupWords', () => {
  it('names the place, or the shop while it has none', () => {
    expect(pickupWords(' 14 Oxford Street, Osu ')).toBe('Pick-up at 14 Oxford Street, Osu')
    expect(pickupWords('')).toBe('Pick-up at the shop')
    expect(pickupWords('   ')).toBe('Pick-up at the shop')
    expect(pickupWords(null)).toBe('Pick-up at the shop')
  })
})

describe('buyerPaymentWords', () => {
  it('says "pay on delivery" or "pay at pick-up" for an order paid when it arrives', () => {
    expect(buyerPaymentWords(paying('manual', dispatch('Rider')))).toBe('Pay on delivery')
    expect(buyerPaymentWords(paying('manual', pickUp))).toBe('Pay at pick-up')
  })

  it('never shows a provider code name to the shopper', () => {
    expect(buyerPaymentWords(paying('test', pickUp))).toBe('Demonstration payment: waiting for payment')
    expect(buyerPaymentWords(paying('paystack', pickUp, { acked: true }))).toBe('Mobile money or card (Paystack): paid')
    expect(buyerPaymentWords(paying('momo-x', pickUp))).toBe('Paid online: waiting for payment')
    expect(buyerPaymentWords(paying('test', pickUp, { status: 'canceled', paid: 10 }))).toBe('Demonstration payment: paid, see above')
  })
})
