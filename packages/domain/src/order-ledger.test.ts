import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { type OrderCharges, type Tender, orderLedger } from './order-ledger'

const charges = (over: Partial<OrderCharges> = {}): OrderCharges => ({
  subtotalMinor: 20_000,
  discountMinor: 0,
  adjustmentMinor: 0,
  deliveryMinor: 3_000,
  deliveryType: 'dispatch',
  deliveryPaymentOption: 'instant',
  taxMinor: 2_500,
  canceled: false,
  ...over,
})
const paid = (amountMinor: number, state: Tender['state'] = 'succeeded'): Tender => ({ kind: 'payment', amountMinor, state })
const refund = (amountMinor: number, state: Tender['state'] = 'succeeded'): Tender => ({ kind: 'refund', amountMinor, state })

describe('orderLedger: charges', () => {
  it('adds lines, delivery and tax, less the discounts, and says where tax is in', () => {
    const ledger = orderLedger(charges({ discountMinor: 1_000, adjustmentMinor: 500 }))
    expect(ledger.totalExTaxMinor).toBe(20_000 + 3_000 - 1_500)
    expect(ledger.totalInclTaxMinor).toBe(20_000 + 3_000 - 1_500 + 2_500)
    expect(ledger.dueWithOrderMinor).toBe(ledger.totalInclTaxMinor)
    expect(ledger.balanceMinor).toBe(ledger.totalInclTaxMinor)
    expect(ledger.paymentState).toBe('unpaid')
  })
  it('charges no delivery for pick-up', () => {
    const ledger = orderLedger(charges({ deliveryType: 'pick-up' }))
    expect(ledger.deliveryMinor).toBe(0)
    expect(ledger.totalInclTaxMinor).toBe(22_500)
  })
  it('leaves an on-delivery fee out of what is paid online, but not out of what is owed', () => {
    const ledger = orderLedger(charges({ deliveryPaymentOption: 'on-delivery' }))
    expect(ledger.dueWithOrderMinor).toBe(22_500)
    expect(ledger.totalInclTaxMinor).toBe(25_500)
  })
  it('never lets discounts take the total below 0', () => {
    const ledger = orderLedger(charges({ discountMinor: 20_000, adjustmentMinor: 9_000, taxMinor: 0 }))
    expect(ledger.totalExTaxMinor).toBe(0)
    expect(ledger.balanceMinor).toBe(0)
  })
})

describe('orderLedger: tenders', () => {
  it('counts only succeeded payments', () => {
    const ledger = orderLedger(charges(), [paid(5_000), paid(9_000, 'failed'), paid(9_000, 'pending')])
    expect(ledger.paidMinor).toBe(5_000)
    expect(ledger.balanceMinor).toBe(25_500 - 5_000)
    expect(ledger.paymentState).toBe('part-paid')
  })
  it('counts pending and succeeded refunds, not failed ones', () => {
    const ledger = orderLedger(charges(), [paid(25_500), refund(1_000), refund(2_000, 'pending'), refund(4_000, 'failed')])
    expect(ledger.refundedMinor).toBe(3_000)
    expect(ledger.refundPendingMinor).toBe(2_000)
    expect(ledger.netPaidMinor).toBe(22_500)
    expect(ledger.refundableMinor).toBe(22_500)
    // A refund on an order that stands is money the buyer no longer owes (a return, a goodwill refund).
    expect(ledger.balanceMinor).toBe(0)
    expect(ledger.paymentState).toBe('paid')
  })
  it('gives back an over-payment first and never makes a refunded order owe again', () => {
    const over = orderLedger(charges(), [paid(25_500), paid(1_000), refund(1_000)])
    expect(over).toMatchObject({ balanceMinor: 0, refundDueMinor: 0, refundableMinor: 25_500, paymentState: 'paid' })
    // Items worth 5,000 come back on a paid order: nothing is due either way afterwards.
    const returned = orderLedger(charges(), [paid(25_500), refund(5_000)])
    expect(returned).toMatchObject({ balanceMinor: 0, refundDueMinor: 0, netPaidMinor: 20_500, refundableMinor: 20_500 })
    // A part-paid order still owes what it owed before the refund.
    expect(orderLedger(charges(), [paid(10_000), refund(2_000)]).balanceMinor).toBe(15_500)
  })
  it('is paid when the balance is 0', () => {
    expect(orderLedger(charges(), [paid(25_500)]).paymentState).toBe('paid')
  })
  it('owes back what was paid beyond the total', () => {
    const ledger = orderLedger(charges(), [paid(25_500), paid(1_000)])
    expect(ledger.balanceMinor).toBe(0)
    expect(ledger.refundDueMinor).toBe(1_000)
    expect(ledger.paymentState).toBe('refund-due')
  })
  it('owes back everything held once canceled, and nothing is left to collect', () => {
    const canceled = charges({ canceled: true })
    expect(orderLedger(canceled, [paid(25_500)])).toMatchObject({ balanceMinor: 0, refundDueMinor: 25_500, paymentState: 'refund-due' })
    expect(orderLedger(canceled, [paid(25_500), refund(25_500)])).toMatchObject({ refundDueMinor: 0, paymentState: 'refunded' })
    expect(orderLedger(canceled)).toMatchObject({ refundDueMinor: 0, paymentState: 'nothing-due' })
  })
  it('keeps paid = net paid + refunded and never refunds more than was paid', () => {
    const tender = fc.record({
      kind: fc.constantFrom('payment' as const, 'refund' as const),
      amountMinor: fc.integer({ min: 0, max: 1_000_000 }),
      state: fc.constantFrom('pending' as const, 'succeeded' as const, 'failed' as const),
    })
    fc.assert(
      fc.property(fc.array(tender, { maxLength: 8 }), fc.boolean(), (tenders, canceled) => {
        const ledger = orderLedger(charges({ canceled }), tenders)
        expect(ledger.paidMinor).toBe(ledger.netPaidMinor + ledger.refundedMinor)
        expect(ledger.balanceMinor).toBeGreaterThanOrEqual(0)
        expect(ledger.refundDueMinor).toBeGreaterThanOrEqual(0)
        expect(ledger.refundableMinor).toBeLessThanOrEqual(Math.max(0, ledger.paidMinor))
        if (canceled) expect(ledger.balanceMinor).toBe(0)
      }),
    )
  })
})
