import { describe, expect, it } from 'vitest'
import { parseSubmission } from '../../lib/submission'
import { MoveForwardSubmission, PlaceOrderSubmission, orderPageIntents } from './order-submissions'

const product = '0b0e6a52-8b8f-4f39-9d7e-1c4a3c5e2a10'
const message = '7f4d2c1e-3b5a-4c6d-8e9f-0a1b2c3d4e5f'
const post = (body: unknown) => new Request('http://shop.test/admin/orders/x', { method: 'POST', body: JSON.stringify(body) })
const orderPage = (body: unknown) => parseSubmission(post(body), orderPageIntents)
const newOrder = (body: unknown) => parseSubmission(post(body), { 'place-order': PlaceOrderSubmission })

const placed = {
  intent: 'place-order',
  source: 'whatsapp',
  items: [{ product, count: 2 }],
  delivery: { type: 'pick-up' },
  name: 'Ama Mensah',
  phone: '024 412 3456',
  idempotencyKey: 'a1b2c3d4e5f60718293a4b5c6d7e8f90',
  paidNow: null,
}

describe("the order page's intents", () => {
  it('take what the forms send, typed', async () => {
    expect(await orderPage({ intent: 'move', status: 'canceled', refund: { amount: 12.5, method: 'cash', reason: 'Order canceled' } })).toEqual({
      intent: 'move',
      ok: true,
      value: { status: 'canceled', refund: { amount: 12.5, method: 'cash', reason: 'Order canceled' } },
    })
    expect(await orderPage({ intent: 'record-payment', method: 'mobile-money', amount: 40, reference: 'MM123' })).toMatchObject({ ok: true })
    expect(await orderPage({ intent: 'refund', amount: 0, method: 'cash', reason: 'Wrong size', restock: [{ product, count: 1 }] })).toMatchObject({ ok: true })
    expect(await orderPage({ intent: 'edit-order', items: [{ product, count: 3 }], adjustment: null, preview: true })).toMatchObject({ ok: true })
    expect(await orderPage({ intent: 'resend', message })).toEqual({ intent: 'resend', ok: true, value: { message } })
    expect(await orderPage({ intent: 'pay-link', channel: 'whatsapp' })).toMatchObject({ ok: true })
    expect(await orderPage({ intent: 'remind' })).toEqual({ intent: 'remind', ok: true, value: {} })
  })

  it('refuse a negative or missing amount at the amount field', async () => {
    expect(await orderPage({ intent: 'refund', amount: -5, method: 'cash', reason: 'Wrong size' })).toEqual({
      intent: 'refund',
      ok: false,
      errors: { amount: 'Must be at least 0' },
    })
    expect(await orderPage({ intent: 'record-payment', method: 'cash', amount: 0 })).toEqual({
      intent: 'record-payment',
      ok: false,
      errors: { amount: 'Must be more than 0' },
    })
    expect(await orderPage({ intent: 'record-payment', method: 'cash' })).toMatchObject({ ok: false, errors: { amount: 'This field is required' } })
  })

  it('refuse a cancel refund without a reason, and a status the machine does not have, at their fields', async () => {
    expect(await orderPage({ intent: 'move', status: 'canceled', refund: { amount: 10, method: 'cash', reason: '' } })).toMatchObject({
      ok: false,
      errors: { 'refund.reason': 'Use at least 2 characters' },
    })
    expect(await orderPage({ intent: 'move', status: 'lost' })).toMatchObject({ intent: 'move', ok: false, errors: { status: expect.any(String) } })
  })

  it("refuse an edit's count out of bounds at its line, and an edit without lines", async () => {
    expect(await orderPage({ intent: 'edit-order', items: [{ product, count: 1 }, { product, count: 0 }], preview: false })).toEqual({
      intent: 'edit-order',
      ok: false,
      errors: { 'items.1.count': 'Must be at least 1' },
    })
    expect(await orderPage({ intent: 'edit-order', items: [], preview: true })).toMatchObject({ ok: false, errors: { items: 'Add at least 1' } })
  })

  it("refuse what no form of the page sends: the order's id in the body, an unknown channel, a message that is no id", async () => {
    expect(await orderPage({ intent: 'refund', order: product, amount: 1, method: 'cash', reason: 'Broken' })).toMatchObject({ ok: false })
    expect(await orderPage({ intent: 'pay-link', channel: 'fax' })).toMatchObject({ ok: false, errors: { channel: expect.any(String) } })
    expect(await orderPage({ intent: 'resend', message: 'first' })).toMatchObject({ ok: false, errors: { message: expect.any(String) } })
  })
})

describe('a new order', () => {
  it('takes the order staff entered, with the payment received now', async () => {
    const answer = await newOrder({ ...placed, email: 'ama@example.com', paidNow: { method: 'cash', amount: null }, adjustment: { amount: 5, reason: 'Regular' } })
    expect(answer).toMatchObject({ intent: 'place-order', ok: true, value: { source: 'whatsapp', email: 'ama@example.com', paidNow: { method: 'cash', amount: null } } })
  })

  it('refuses an order without items, from the storefront, or with a negative payment, at those fields', async () => {
    expect(await newOrder({ ...placed, items: [] })).toMatchObject({ ok: false, errors: { items: 'Add at least 1' } })
    expect(await newOrder({ ...placed, source: 'storefront' })).toMatchObject({ ok: false, errors: { source: expect.any(String) } })
    expect(await newOrder({ ...placed, paidNow: { method: 'cash', amount: -20 } })).toMatchObject({ ok: false, errors: { 'paidNow.amount': expect.any(String) } })
    expect(await newOrder({ ...placed, adjustment: { amount: 0, reason: 'Regular' } })).toMatchObject({ ok: false, errors: { 'adjustment.amount': 'Must be more than 0' } })
  })
})

describe('moving orders from the list', () => {
  it('takes the ticked orders and refuses none ticked', async () => {
    const intents = { 'move-forward': MoveForwardSubmission }
    expect(await parseSubmission(post({ intent: 'move-forward', orders: [product] }), intents)).toEqual({ intent: 'move-forward', ok: true, value: { orders: [product] } })
    expect(await parseSubmission(post({ intent: 'move-forward', orders: [] }), intents)).toMatchObject({ ok: false, errors: { orders: 'Add at least 1' } })
  })
})
