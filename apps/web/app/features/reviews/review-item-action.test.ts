import { describe, expect, it } from 'vitest'
import { parseSubmission } from '../../lib/submission'
import { reviewItemIntents } from './review-item-action'

const order = '0b0e6a52-8b8f-4f39-9d7e-1c4a3c5e2a10'
const product = '5d9c1f0e-3b7a-4c2e-8f61-2a4b6c8d0e12'
const post = (body: unknown) => new Request('http://shop.test/orders/x', { method: 'POST', body: JSON.stringify(body) })
const parse = (body: Record<string, unknown>) => parseSubmission(post({ intent: 'review-item', ...body }), reviewItemIntents)

describe('the review-item intent', () => {
  it("takes a rating and text of one product of the order, with a guest's key or without one", async () => {
    expect(await parse({ relatedOrder: order, product, rating: 4, text: 'Lovely' })).toEqual({
      intent: 'review-item',
      ok: true,
      value: { relatedOrder: order, product, rating: 4, text: 'Lovely' },
    })
    expect(await parse({ relatedOrder: order, product, rating: 5, key: 'k'.repeat(32) })).toMatchObject({ ok: true })
  })

  it('refuses a rating outside 1 to 5 or not whole, beside the stars', async () => {
    expect(await parse({ relatedOrder: order, product, rating: 0 })).toEqual({ intent: 'review-item', ok: false, errors: { rating: 'Must be at least 1' } })
    expect(await parse({ relatedOrder: order, product, rating: 6 })).toEqual({ intent: 'review-item', ok: false, errors: { rating: 'Must be at most 5' } })
    expect(await parse({ relatedOrder: order, product, rating: 2.5 })).toEqual({ intent: 'review-item', ok: false, errors: { rating: 'Enter a whole number' } })
  })

  it('needs the product (a whole order is reviewed elsewhere) and refuses an empty key or a text too long', async () => {
    expect(await parse({ relatedOrder: order, rating: 3 })).toEqual({ intent: 'review-item', ok: false, errors: { product: 'This field is required' } })
    expect(await parse({ relatedOrder: order, product, rating: 3, key: '' })).toEqual({ intent: 'review-item', ok: false, errors: { key: 'This field is required' } })
    expect(await parse({ relatedOrder: order, product, rating: 3, text: 'x'.repeat(2001) })).toEqual({
      intent: 'review-item',
      ok: false,
      errors: { text: 'Use at most 2000 characters' },
    })
  })
})
