import { describe, expect, it } from 'vitest'
import { parseSubmission } from '../../lib/submission'
import { orderIntents } from './order-actions'

const id = '0b0e6a52-8b8f-4f39-9d7e-1c4a3c5e2a10'
const post = (body: unknown) => new Request('http://shop.test/orders/x', { method: 'POST', body: JSON.stringify(body) })

describe("the order page's intents", () => {
  it("cancel-order takes the order's id, with a guest's key or without one", async () => {
    expect(await parseSubmission(post({ intent: 'cancel-order', id }), orderIntents)).toEqual({ intent: 'cancel-order', ok: true, value: { id } })
    expect(await parseSubmission(post({ intent: 'cancel-order', id, key: 'abc' }), orderIntents)).toEqual({ intent: 'cancel-order', ok: true, value: { id, key: 'abc' } })
  })

  it('cancel-order refuses a missing or malformed id, an empty key and anything else sent with them', async () => {
    expect(await parseSubmission(post({ intent: 'cancel-order' }), orderIntents)).toEqual({ intent: 'cancel-order', ok: false, errors: { id: 'This field is required' } })
    expect(await parseSubmission(post({ intent: 'cancel-order', id: 'ORD-1' }), orderIntents)).toMatchObject({ ok: false, errors: { id: expect.any(String) } })
    expect(await parseSubmission(post({ intent: 'cancel-order', id, key: '' }), orderIntents)).toEqual({ intent: 'cancel-order', ok: false, errors: { key: 'This field is required' } })
    expect(await parseSubmission(post({ intent: 'cancel-order', id, status: 'delivered' }), orderIntents)).toMatchObject({ ok: false })
  })

  it('retry-payment needs the transaction that failed', async () => {
    expect(await parseSubmission(post({ intent: 'retry-payment', transaction: id }), orderIntents)).toEqual({ intent: 'retry-payment', ok: true, value: { transaction: id } })
    expect(await parseSubmission(post({ intent: 'retry-payment', transaction: '' }), orderIntents)).toEqual({
      intent: 'retry-payment',
      ok: false,
      errors: { transaction: 'This field is required' },
    })
  })
})
