import { RateCreateBody, RatePatchBody, type Region, type DeliveryRate } from '@shop/domain/schemas/delivery'
import { describe, expect, it } from 'vitest'
import { validate } from '../../lib/form-errors'
import { emptyRateForm, rateCreateBody, ratePatchBody, rateToForm, regionSummary, toggleRegion } from './rate-form'

const shop = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b'
const regions: Region[] = [
  { _id: 'GH-AH', country: 'GH', name: 'Ashanti', capital: 'Kumasi' },
  { _id: 'GH-AA', country: 'GH', name: 'Greater Accra', capital: 'Accra' },
  { _id: 'GH-NP', country: 'GH', name: 'Northern', capital: 'Tamale' },
]
const rate: DeliveryRate = {
  _id: 'r1',
  shop,
  name: 'Accra express',
  regions: ['GH-AA'],
  rate: { value: 25, currency: 'GHS' },
  paymentOption: 'instant',
  estimatedDays: 1,
  active: true,
  createdAt: '2025-01-01T00:00:00Z',
  updatedAt: '2025-01-01T00:00:00Z',
}

describe('rate form → body', () => {
  it('round-trips a rate into a valid patch', () => {
    const body = ratePatchBody(rateToForm(rate))
    expect(body).toEqual({ name: 'Accra express', regions: ['GH-AA'], rate: { value: 25 }, paymentOption: 'instant', estimatedDays: 1, active: true })
    expect(validate(RatePatchBody, body)).toEqual({})
  })

  it('builds a create body with the shop, trimming the name and sending no days as null', () => {
    const body = rateCreateBody(shop, { ...emptyRateForm, name: ' North ', regions: ['GH-NP'], fee: '40.5' })
    expect(body).toEqual({ shop, name: 'North', regions: ['GH-NP'], rate: { value: 40.5 }, paymentOption: 'on-delivery', estimatedDays: null, active: true })
    expect(validate(RateCreateBody, body)).toEqual({})
  })

  it('lets the schema name what is missing or wrong', () => {
    const errors = validate(RateCreateBody, rateCreateBody(shop, { ...emptyRateForm, fee: 'abc', estimatedDays: '-1' }))
    expect(errors.name).toBe('This field is required')
    expect(errors.regions).toBe('Add at least 1')
    expect(errors['rate.value']).toBe('Enter a number')
    expect(errors.estimatedDays).toBeDefined()
    expect(validate(RateCreateBody, rateCreateBody(shop, { ...emptyRateForm, name: 'x', regions: ['GH-AA'] }))['rate.value']).toBe(
      'Enter a number',
    )
  })
})

describe('regions', () => {
  it('ticks and unticks in the regions’ order', () => {
    expect(toggleRegion(['GH-NP'], 'GH-AH', true, regions)).toEqual(['GH-AH', 'GH-NP'])
    expect(toggleRegion(['GH-AH', 'GH-NP'], 'GH-AH', false, regions)).toEqual(['GH-NP'])
  })

  it('summarises by name, or as all regions', () => {
    expect(regionSummary(['GH-AA', 'GH-NP'], regions)).toBe('Greater Accra, Northern')
    expect(regionSummary(['GH-AH', 'GH-AA', 'GH-NP'], regions)).toBe('All regions')
  })
})
