import type { Order } from '@shop/domain/schemas/orders'
import { describe, expect, it } from 'vitest'
import { buyerQuery, checkCheckout } from './checkout-problems'
import { pageAfterPlacing, readCheckoutForm } from './place-order-form.server'

const origin = 'http://demo.localhost:3000'
const placedOrder = (payment: Partial<Order['payment']>, privateUrl?: string) =>
  ({ _id: 'order-1', orderId: '1001', privateUrl, payment: { provider: 'test', ...payment } }) as unknown as Order
const rate = { _id: 'rate-1', name: 'Rider', fee: { value: 500, currency: 'GHS' }, paymentOption: 'on-delivery', estimatedDays: 1 }

describe('the checkout form posted before the scripts ran', () => {
  it('reads each field, bounded, and only a well-formed idempotency key', () => {
    const form = new URLSearchParams({
      intent: 'place',
      attempt: 'abcdef0123456789abcdef',
      email: ' ama@example.com ',
      name: 'Ama',
      phone: '024 412 3456',
      delivery: 'dispatch',
      region: 'region-1',
      rate: 'rate-1',
      address: 'x'.repeat(900),
      code: ' SAVE10 ',
      payment: 'test',
    })
    const read = readCheckoutForm(form)
    expect(read.intent).toBe('place')
    expect(read.attempt).toBe('abcdef0123456789abcdef')
    expect(read.values).toMatchObject({ email: ' ama@example.com ', name: 'Ama', code: 'SAVE10', provider: 'test' })
    expect(read.values.delivery).toMatchObject({ type: 'dispatch', region: 'region-1', rate: 'rate-1' })
    expect(read.values.delivery.address).toHaveLength(500)

    const odd = readCheckoutForm(new URLSearchParams({ attempt: 'short', delivery: 'teleport' }))
    expect(odd.attempt).toBeNull()
    expect(odd.intent).toBe('')
    expect(odd.values.delivery.type).toBe('pick-up')
    expect(odd.values.name).toBe('')
  })

  it('checks the fields as the browser does, and builds the same order body', async () => {
    const items = [{ product: 'p', count: 2 }]
    const empty = await checkCheckout(
      { email: 'nope', name: ' ', phone: '', delivery: { type: 'dispatch', region: 'region-1', rate: '', address: '' } },
      { rates: [rate] as never, signedIn: false, items, code: null },
    )
    expect(Object.keys(empty.problems).sort()).toEqual(['address', 'email', 'name', 'phone', 'rate'])

    const good = await checkCheckout(
      { email: '', name: ' Ama ', phone: '024 412 3456', delivery: { type: 'dispatch', region: 'region-1', rate: 'rate-1', address: ' 14 Oxford St ' } },
      { rates: [rate] as never, signedIn: false, items, code: 'SAVE10' },
    )
    expect(good.problems).toEqual({})
    expect(good.input).toEqual({
      items,
      delivery: { type: 'dispatch', region: 'region-1', rate: 'rate-1', address: '14 Oxford St', phone: '+233244123456' },
      discount: { code: 'SAVE10' },
      name: 'Ama',
      phone: '+233244123456',
    })
    expect(buyerQuery('shop-1', ' ama@example.com ', false)).toEqual({ shop: 'shop-1', email: 'ama@example.com' })
    expect(buyerQuery('shop-1', 'ama@example.com', true)).toEqual({ shop: 'shop-1' })
  })

  it('sends a placed order to its private link, or to a pay page first', () => {
    expect(pageAfterPlacing(placedOrder({}, '/orders/order-1?key=k1'), origin)).toBe('/orders/order-1?key=k1&placed=1')
    expect(pageAfterPlacing(placedOrder({ redirectUrl: '/pay/order-1?key=k1&transaction=t' }, '/orders/order-1?key=k1'), origin)).toBe(
      '/pay/order-1?key=k1&transaction=t',
    )
    // A provider's page elsewhere is beyond the form's policy: the order's own pay link here leads there.
    expect(pageAfterPlacing(placedOrder({ redirectUrl: 'https://pay.example/checkout/1' }, '/orders/order-1?key=k1'), origin)).toBe(
      '/pay/order-1?key=k1',
    )
  })
})
