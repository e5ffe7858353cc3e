import { describe, expect, it } from 'vitest'
import { parseSubmission } from '../../lib/submission'
import { ratePatchBody } from './rate-form'
import { settingsIntents } from './settings-intents'

const id = '0b0e6a52-8b8f-4f39-9d7e-1c4a3c5e2a10'
const shop = '5d1c7f1e-2f4b-4c55-9a0e-7a6f1b2c3d4e'
const post = (body: unknown) => new Request('http://demo.shop.test/admin/settings', { method: 'POST', body: JSON.stringify(body) })
const rate = { name: 'Accra', regions: ['GH-AA'], fee: '20', paymentOption: 'instant' as const, estimatedDays: '2', active: true }

describe('the Settings page intents', () => {
  it('takes a delivery rate as its form sends it, without a shop', async () => {
    expect(await parseSubmission(post({ intent: 'create-rate', ...ratePatchBody(rate) }), settingsIntents)).toEqual({
      intent: 'create-rate',
      ok: true,
      value: { name: 'Accra', regions: ['GH-AA'], rate: { value: 20 }, paymentOption: 'instant', estimatedDays: 2, active: true },
    })
  })

  it('refuses a negative or unreadable fee at the fee field, and a shop the form names', async () => {
    expect(await parseSubmission(post({ intent: 'update-rate', id, ...ratePatchBody({ ...rate, fee: '-5' }) }), settingsIntents)).toEqual({
      intent: 'update-rate',
      ok: false,
      errors: { 'rate.value': 'Must be at least 0' },
    })
    expect(await parseSubmission(post({ intent: 'create-rate', ...ratePatchBody(rate), shop }), settingsIntents)).toMatchObject({
      ok: false,
      errors: { form: expect.any(String) },
    })
    expect(await parseSubmission(post({ intent: 'create-rate', ...ratePatchBody({ ...rate, fee: 'ten' }) }), settingsIntents)).toEqual({
      intent: 'create-rate',
      ok: false,
      errors: { 'rate.value': 'Enter a number' },
    })
  })

  it('refuses a settings change the API would, at the field of the form that sent it', async () => {
    expect(await parseSubmission(post({ intent: 'update-config', taxRate: 101 }), settingsIntents)).toEqual({
      intent: 'update-config',
      ok: false,
      errors: { taxRate: 'Must be at most 100' },
    })
    expect(await parseSubmission(post({ intent: 'update-config', unpaidOrderTimeout: 7.5 }), settingsIntents)).toEqual({
      intent: 'update-config',
      ok: false,
      errors: { unpaidOrderTimeout: 'Enter a whole number' },
    })
    expect(await parseSubmission(post({ intent: 'update-config', taxRate: 12.5 }), settingsIntents)).toEqual({
      intent: 'update-config',
      ok: true,
      value: { taxRate: 12.5 },
    })
  })

  it('takes a payout account to add (no id) or to change, and refuses a number with letters', async () => {
    const account = { kind: 'mobile-money', bankCode: 'MTN', accountNumber: '0244123456' }
    expect(await parseSubmission(post({ intent: 'save-payout', id: null, ...account }), settingsIntents)).toMatchObject({ ok: true, value: { id: null } })
    expect(await parseSubmission(post({ intent: 'save-payout', id, ...account }), settingsIntents)).toMatchObject({ ok: true, value: { id } })
    expect(await parseSubmission(post({ intent: 'resolve-payout', ...account, accountNumber: '024-ABC' }), settingsIntents)).toMatchObject({
      ok: false,
      errors: { accountNumber: expect.stringMatching(/^Use digits only/) },
    })
  })
})
