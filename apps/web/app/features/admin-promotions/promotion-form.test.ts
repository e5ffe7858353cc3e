import { describe, expect, it } from 'vitest'
import { createBody, emptyPromotionForm, promotionFormErrors } from './promotion-form'

const shop = '4b5d1f6e-2f0a-4c9e-8f1a-0d2b3c4d5e6f'

describe('promotion form', () => {
  it('turns a free-delivery form into the API body, days into Accra instants', () => {
    const form = { ...emptyPromotionForm(), minSubtotal: '300', regions: ['GH-AA'], startsOn: '2026-12-01', endsOn: '2026-12-31' }
    const body = createBody(form, shop)
    expect(body).toEqual({
      shop,
      kind: 'free-delivery',
      minSubtotal: 300,
      regions: ['GH-AA'],
      startsAt: '2026-12-01T00:00:00.000Z',
      endsAt: '2026-12-31T23:59:59.000Z',
    })
    expect(promotionFormErrors(body, form)).toEqual({})
  })

  it('asks for the amount of a discount and refuses what the API would', () => {
    const percent = { ...emptyPromotionForm(), kind: 'percentage' as const }
    expect(promotionFormErrors(createBody(percent, shop), percent).value).toBe('Enter the percent off')
    const tooMuch = { ...percent, value: '150' }
    expect(promotionFormErrors(createBody(tooMuch, shop), tooMuch).value).toBeTruthy()
    const backwards = { ...emptyPromotionForm(), startsOn: '2026-12-10', endsOn: '2026-12-01' }
    expect(promotionFormErrors(createBody(backwards, shop), backwards).endsOn).toBe('The last day must be on or after the first day')
    const fixed = { ...emptyPromotionForm(), kind: 'fixed' as const, value: '20', regions: ['GH-AA'] }
    // Regions are for free delivery only: a discount's form does not send them.
    expect(createBody(fixed, shop)).toEqual({ shop, kind: 'fixed', value: 20 })
  })
})
