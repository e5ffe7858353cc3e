import { describe, expect, it } from 'vitest'
import { ApiError } from '../../lib/api'
import { parseSubmission } from '../../lib/submission'
import { checkoutIntents, checkoutRefusal, sharedCheckoutIntents } from './checkout-intents'
import { refusedFields, refusedLines } from './checkout-problems'

const shop = '0b0e6a52-8b8f-4f39-9d7e-1c4a3c5e2a10'
const product = '5d9c1f0e-3b7a-4c2e-8f61-2a4b6c8d0e12'
const attempt = 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6'
const post = (body: unknown) => new Request('http://shop.test/checkout', { method: 'POST', body: JSON.stringify(body) })
const order = { shop, items: [{ product, count: 2 }], delivery: { type: 'pick-up' }, name: 'Ama Mensah', phone: '0244123456', payment: { provider: 'test' } }

describe("the checkout's intents", () => {
  it('place takes the domain order with the buyer and the attempt’s key', async () => {
    expect(await parseSubmission(post({ intent: 'place', ...order, attempt }), checkoutIntents)).toEqual({ intent: 'place', ok: true, value: { ...order, attempt } })
    expect(await parseSubmission(post({ intent: 'place', ...order, email: 'ama@example.com', attempt }), checkoutIntents)).toMatchObject({ ok: true })
  })

  it('place refuses a count below one, a malformed key, a guest e-mail that is not one and an unknown payment', async () => {
    const refused = async (change: Record<string, unknown>) => {
      const answer = await parseSubmission(post({ intent: 'place', ...order, attempt, ...change }), checkoutIntents)
      return answer.ok ? {} : answer.errors
    }
    expect(await refused({ items: [{ product, count: 0 }] })).toEqual({ 'items.0.count': 'Must be at least 1' })
    expect(Object.keys(await refused({ attempt: 'short' }))).toEqual(['attempt'])
    expect(await refused({ email: 'ama' })).toEqual({ email: 'Enter a valid email address' })
    expect(Object.keys(await refused({ payment: { provider: 'cash-in-a-sock' } }))).toEqual(['payment.provider'])
  })

  it('share takes the same order without payment or key; a shared checkout’s place takes its id instead of items', async () => {
    const { payment: _payment, ...checkout } = order
    expect(await parseSubmission(post({ intent: 'share', ...checkout }), checkoutIntents)).toMatchObject({ ok: true })
    expect(await parseSubmission(post({ intent: 'share', ...checkout, attempt }), checkoutIntents)).toMatchObject({ ok: false })
    const shared = { shop, checkout: product, name: 'Kofi', phone: '0244123456', attempt }
    expect(await parseSubmission(post({ intent: 'place', ...shared }), sharedCheckoutIntents)).toEqual({ intent: 'place', ok: true, value: shared })
    expect(await parseSubmission(post({ intent: 'place', ...shared, items: order.items }), sharedCheckoutIntents)).toMatchObject({ ok: false })
  })
})

describe('checkoutRefusal', () => {
  it('names the lines short of stock by their index, under the shop’s message', () => {
    const error = new ApiError('Conflict', 409, {
      name: 'Conflict',
      message: 'Not enough in stock',
      code: 409,
      className: 'conflict',
      errors: [{ path: 'items.1.count', message: 'only 2 left' }],
    })
    expect(checkoutRefusal(error)).toEqual({ form: 'Not enough in stock', 'items.1': 'Not enough in stock: only 2 left.' })
  })

  it('marks a refused code, so the form drops it, and says when the shop could not be reached', () => {
    expect(checkoutRefusal(new ApiError('The code has expired', 422))).toEqual({ form: 'The code has expired', discount: 'The code has expired' })
    expect(checkoutRefusal(new ApiError('Failed to fetch', null))).toEqual({ form: 'We could not reach the shop. Check your connection and try again.' })
  })
})

describe('what the checkout form shows of a refusal', () => {
  it('puts the order’s paths beside the fields that hold them', () => {
    expect(refusedFields({ form: 'No', 'delivery.address': 'Too long', 'delivery.phone': 'Not a phone', email: 'Bad', 'items.0.count': 'Too many' })).toEqual({
      address: 'Too long',
      phone: 'Not a phone',
      email: 'Bad',
    })
  })

  it('gives the refused lines by their key, ignoring an index the cart does not have', () => {
    const lines = [{ key: 'tea' }, { key: 'cocoa:250g' }]
    expect(refusedLines({ form: 'No', 'items.1': 'Not enough in stock: only 2 left.', 'items.7': 'Gone' }, lines)).toEqual(
      new Map([['cocoa:250g', 'Not enough in stock: only 2 left.']]),
    )
  })
})
