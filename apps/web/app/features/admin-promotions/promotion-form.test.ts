import { describe, expect, it } from 'vitest'
import type { Promotion } from '@shop/domain/schemas/promotion'
import { createBody, emptyPromotionForm, formOfPromotion, patchBody, promotionFormErrors } from './promotion-form'

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

  it('opens a stored promotion as its form and sends only what an edit changed', () => {
    const stored: Promotion = {
      _id: 'p1',
      shop,
      kind: 'percentage',
      name: '',
      label: '10% off orders over GHS 200',
      value: 10,
      minSubtotal: 200,
      currency: 'GHS',
      regions: [],
      startsAt: '2026-12-01T00:00:00.000Z',
      endsAt: '2026-12-31T23:59:59.000Z',
      active: true,
      live: true,
      createdAt: '2026-11-01T00:00:00.000Z',
      updatedAt: '2026-11-01T00:00:00.000Z',
    }
    const initial = formOfPromotion(stored)
    expect(initial).toEqual({ kind: 'percentage', name: '', value: '10', minSubtotal: '200', regions: [], startsOn: '2026-12-01', endsOn: '2026-12-31' })
    expect(patchBody(initial, initial, shop)).toEqual({})
    const edited = { ...initial, value: '15', minSubtotal: '', endsOn: '', name: ' Harmattan sale ' }
    expect(patchBody(edited, initial, shop)).toEqual({ value: 15, minSubtotal: 0, endsAt: null, name: 'Harmattan sale' })
    expect(patchBody({ ...initial, startsOn: '2026-12-05' }, initial, shop)).toEqual({ startsAt: '2026-12-05T00:00:00.000Z' })
    expect(patchBody({ ...edited, name: '' }, edited, shop)).toEqual({ name: '' })
    const free = formOfPromotion({ ...stored, kind: 'free-delivery', value: 0, regions: ['GH-AA'], startsAt: null, endsAt: null })
    expect(free).toMatchObject({ value: '', regions: ['GH-AA'], startsOn: '', endsOn: '' })
    expect(patchBody({ ...free, regions: [] }, free, shop)).toEqual({ regions: [] })
  })
})
