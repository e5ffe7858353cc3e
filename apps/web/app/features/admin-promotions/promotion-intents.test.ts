import { describe, expect, it } from 'vitest'
import { parseSubmission } from '../../lib/submission'
import { createBody, emptyPromotionForm, promotionFormErrors } from './promotion-form'
import { promotionIntents } from './promotion-intents'

const shop = '4b5d1f6e-2f0a-4c9e-8f1a-0d2b3c4d5e6f'
const id = '0b0e6a52-8b8f-4f39-9d7e-1c4a3c5e2a10'
const sent = (body: unknown) =>
  parseSubmission(new Request('http://demo.shop.test/admin/discount-codes', { method: 'POST', body: JSON.stringify(body) }), promotionIntents)

describe('the promotions panel’s intents', () => {
  it('take the form as the panel holds it, and the switches with their promotion', async () => {
    const form = { ...emptyPromotionForm(), minSubtotal: '300', regions: ['GH-AA'] }
    expect(await sent({ intent: 'promotion-create', form })).toEqual({ intent: 'promotion-create', ok: true, value: { form } })
    expect(await sent({ intent: 'promotion-update', id, form, initial: emptyPromotionForm() })).toMatchObject({ intent: 'promotion-update', ok: true })
    expect(await sent({ intent: 'promotion-set-active', id, active: false })).toEqual({ intent: 'promotion-set-active', ok: true, value: { id, active: false } })
    expect(await sent({ intent: 'promotion-stacking', stacksWithCodes: true })).toEqual({ intent: 'promotion-stacking', ok: true, value: { stacksWithCodes: true } })
  })

  it('refuse a kind the API does not have, a switch without its value and a promotion that is no id', async () => {
    expect(await sent({ intent: 'promotion-create', form: { ...emptyPromotionForm(), kind: 'buy-one-get-one' } })).toMatchObject({ ok: false, errors: { 'form.kind': expect.any(String) } })
    expect(await sent({ intent: 'promotion-set-active', id })).toEqual({ intent: 'promotion-set-active', ok: false, errors: { active: 'This field is required' } })
    expect(await sent({ intent: 'promotion-delete', id: 'p1' })).toMatchObject({ intent: 'promotion-delete', ok: false, errors: { id: expect.any(String) } })
  })

  it('leave a negative minimum to the API’s rules, which name the field', async () => {
    const form = { ...emptyPromotionForm(), kind: 'fixed' as const, value: '20', minSubtotal: '-50' }
    expect(await sent({ intent: 'promotion-create', form })).toMatchObject({ ok: true })
    expect(promotionFormErrors(createBody(form, shop), form)).toEqual({ minSubtotal: 'Must be at least 0' })
  })
})
