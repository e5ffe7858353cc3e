import type { Order } from '@shop/domain/schemas/orders'
import { describe, expect, it } from 'vitest'
import { heldOf, itemsOut, parseRefundAmount, refundMethodsFor, refundProblems } from './refund-input'

const line = (product: string, count: number, variant: string | null = null, features: Record<string, string> = {}) =>
  ({ product: { _id: product, title: `Item ${product}` }, variant: variant ? { _id: variant, features } : null, count }) as unknown as Order['items'][number]

describe('refund input', () => {
  it('reads amounts as staff type them, 0 included', () => {
    expect(parseRefundAmount('40')).toBe(40)
    expect(parseRefundAmount(' 1,200.50 ')).toBe(1200.5)
    expect(parseRefundAmount('0')).toBe(0)
    for (const bad of ['', '-1', '1.005', 'ten', '1e3']) expect(parseRefundAmount(bad)).toBeNull()
  })

  it('holds what was paid less what was refunded, and offers Paystack only for an order paid through it', () => {
    expect(heldOf({ paid: 100, refunded: { value: 30.1, currency: 'GHS' } })).toBe(69.9)
    expect(heldOf({ paid: 10, refunded: { value: 10, currency: 'GHS' } })).toBe(0)
    expect(refundMethodsFor({ payment: { provider: 'paystack' }, paid: 50 })).toEqual(['paystack', 'cash', 'mobile-money', 'bank-transfer'])
    expect(refundMethodsFor({ payment: { provider: 'paystack' }, paid: 0 })[0]).toBe('cash')
    expect(refundMethodsFor({ payment: { provider: 'manual' }, paid: 50 })).toEqual(['cash', 'mobile-money', 'bank-transfer'])
  })

  it('counts the units still with the buyer after earlier returns, and none once canceled', () => {
    const items = [line('a', 3), line('b', 2, 'm', { size: 'M' })]
    const refunds = [{ restock: [{ product: 'a', variant: null, count: 2 }] }, { restock: [{ product: 'b', variant: 'm', count: 2 }] }]
    expect(itemsOut({ items, status: 'delivered' }, refunds).map(({ title, sold, out }) => ({ title, sold, out }))).toEqual([
      { title: 'Item a', sold: 3, out: 1 },
      { title: 'Item b (M)', sold: 2, out: 0 },
    ])
    expect(itemsOut({ items, status: 'canceled' }, []).map((item) => item.out)).toEqual([0, 0])
  })

  it('asks for an amount within what is held, 0 only with items, and a reason', () => {
    const money = (value: number) => `GHS ${value.toFixed(2)}`
    expect(refundProblems({ amount: 20, reason: 'Late', held: 50, items: 0 }, money)).toEqual({})
    expect(refundProblems({ amount: 0, reason: 'Return', held: 50, items: 1 }, money)).toEqual({})
    expect(refundProblems({ amount: 60, reason: 'x', held: 50, items: 0 }, money)).toEqual({
      amount: 'Enter at most GHS 50.00: what was paid and not yet refunded.',
      reason: 'Say why, in a few words: the customer reads it.',
    })
    expect(refundProblems({ amount: 0, reason: 'Nothing', held: 50, items: 0 }, money).amount).toMatch(/^Enter an amount, or the items/)
    expect(refundProblems({ amount: null, reason: 'Typo', held: 50, items: 0 }, money).amount).toMatch(/^Enter the amount to give back/)
  })
})
