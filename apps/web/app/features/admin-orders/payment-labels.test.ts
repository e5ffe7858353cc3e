import { describe, expect, it } from 'vitest'
import type { Transaction } from '@shop/domain/schemas/payments'
import { deliveryFeeWords, paymentStatus, paymentWay, providerLabel, transactionStatusLabels } from './payment-labels'

const attempt = (status: Transaction['status'], extra: Partial<Transaction> = {}): Transaction => ({
  _id: status,
  order: 'o',
  provider: 'test',
  reference: 'K3X9-1',
  amount: { value: 10, currency: 'GHS' },
  status,
  error: null,
  createdAt: '2024-03-01T10:00:00Z',
  updatedAt: '2024-03-01T10:00:00Z',
  ...extra,
})

/** An order's money as its answer gives it; the state is what the API's ledger would say. */
const order = (paid: number, balance: number, provider = 'test', status: 'placed' | 'canceled' = 'placed', refunded = 0) => {
  const held = paid - refunded
  const refundDue = status === 'canceled' ? held : 0
  const paymentState =
    refundDue > 0 ? 'refund-due' : status === 'canceled' ? (refunded > 0 ? 'refunded' : 'nothing-due') : balance === 0 ? 'paid' : held > 0 ? 'part-paid' : 'unpaid'
  return {
    status,
    paid,
    balance,
    refunded: { value: refunded, currency: 'GHS' },
    refundDue: { value: refundDue, currency: 'GHS' },
    paymentState,
    currency: 'GHS',
    payment: { provider },
  } as const
}

describe('paymentStatus', () => {
  it('says paid, part paid with the balance, or not yet', () => {
    expect(paymentStatus(order(100, 0), [attempt('success')])).toMatch(/^Paid$/)
    expect(paymentStatus(order(40, 60, 'manual'), [])).toMatch(/^Part paid: GH₵\s?60\.00 due$|^Part paid: GHS\s?60\.00 due$/)
    expect(paymentStatus(order(0, 100), [attempt('pending')])).toBe('Waiting for payment')
    expect(paymentStatus(order(0, 100), [attempt('failed')])).toBe('Payment failed')
    expect(paymentStatus(order(0, 100, 'manual'), [attempt('pending')])).toBe('Not paid yet: to be paid on delivery or at pick-up')
  })

  it('tells staff to refund a canceled order that was paid', () => {
    expect(paymentStatus(order(100, 0, 'test', 'canceled'), [])).toMatch(/^Canceled: refund GHS\s100\.00$/)
    expect(paymentStatus(order(100, 0, 'test', 'canceled', 40), [])).toMatch(/^Canceled: refund GHS\s60\.00$/)
    expect(paymentStatus(order(0, 0, 'test', 'canceled'), [])).toBe('Canceled: nothing to pay')
  })

  it('stops asking for a refund once it is given', () => {
    expect(paymentStatus(order(100, 0, 'test', 'canceled', 100), [])).toMatch(/^Canceled: GHS\s100\.00 refunded$/)
  })
})

describe('labels', () => {
  it('names the built-in providers, the demonstration one as such, and passes others through', () => {
    expect(providerLabel('manual')).toBe('Pay on delivery or at pick-up')
    expect(providerLabel('manual', 'dispatch')).toBe('Pay on delivery')
    expect(providerLabel('manual', 'pick-up')).toBe('Pay at pick-up')
    expect(providerLabel('test', 'pick-up')).toMatch(/^Demonstration payment/)
    expect(providerLabel('test')).toMatch(/^Demonstration payment/)
    expect(providerLabel('momo')).toBe('momo')
  })

  it('names a recorded payment by how it was paid', () => {
    const recorded = attempt('success', { provider: 'manual', recorded: { method: 'mobile-money', reference: null, note: '' } })
    expect(paymentWay(recorded)).toBe("Mobile money to the shop's number")
    expect(paymentWay(attempt('success'))).toMatch(/^Demonstration/)
  })
})

describe('payment attempts and delivery fees in words', () => {
  it('says what a replaced attempt was, not just "Replaced"', () => {
    expect(transactionStatusLabels.abandoned).toBe('Payment attempt replaced by a newer one')
    expect(transactionStatusLabels.failed).toBe('Payment failed')
  })

  it('never says a pay-on-delivery order paid its fee "with the order"', () => {
    expect(deliveryFeeWords('instant', 'manual')).toBe('paid on delivery with the rest of the order')
    expect(deliveryFeeWords('instant', 'paystack')).toBe('paid online with the order')
    expect(deliveryFeeWords('on-delivery', 'paystack')).toBe('paid to the rider on delivery')
    expect(deliveryFeeWords('on-delivery', 'manual')).toBe('paid to the rider on delivery')
  })
})
