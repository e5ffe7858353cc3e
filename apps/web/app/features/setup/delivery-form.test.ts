import { MAX_FEE } from '@shop/domain/schemas/delivery'
import { describe, expect, it } from 'vitest'
import { type DeliveryValues, deliveryRates, emptyDeliveryValues, pickupSettings } from './delivery-form'

const shop = '8b6f0b5e-1d3a-4a55-9c77-0f1f2e3d4c5b'
const regions = [
  { _id: 'GH-AH', name: 'Ashanti' },
  { _id: 'GH-AA', name: 'Greater Accra' },
  { _id: 'GH-NP', name: 'Northern' },
  { _id: 'GH-TV', name: 'Volta' },
]
const values = (overrides: Partial<DeliveryValues>): DeliveryValues => ({ ...emptyDeliveryValues, ...overrides })

describe('deliveryRates', () => {
  it('creates nothing for pick-up only', () => {
    expect(deliveryRates(values({ mode: 'pick-up-only', fee: 'nonsense' }), shop, regions)).toEqual({ bodies: [], errors: {} })
  })

  it('gives every region one standard rate', () => {
    const { bodies, errors } = deliveryRates(values({ fee: '25', paymentOption: 'on-delivery', estimatedDays: '3' }), shop, regions)
    expect(errors).toEqual({})
    expect(bodies).toEqual([
      {
        shop,
        name: 'Standard delivery',
        regions: ['GH-AH', 'GH-AA', 'GH-NP', 'GH-TV'],
        rate: { value: 25 },
        paymentOption: 'on-delivery',
        estimatedDays: 3,
      },
    ])
  })

  it('groups regions with their own fee, and folds an own fee equal to the standard one back in', () => {
    const { bodies } = deliveryRates(
      values({ fee: '20', regionFees: { 'GH-NP': '45.50', 'GH-TV': '45.5', 'GH-AA': '20', 'GH-AH': ' ' } }),
      shop,
      regions,
    )
    expect(bodies.map(({ name, regions: covered, rate }) => ({ name, covered, rate }))).toEqual([
      { name: 'Standard delivery', covered: ['GH-AH', 'GH-AA'], rate: { value: 20 } },
      { name: 'Delivery to Northern, Volta', covered: ['GH-NP', 'GH-TV'], rate: { value: 45.5 } },
    ])
    expect(bodies[0]).not.toHaveProperty('estimatedDays')
  })

  it('needs no standard fee when every region has its own', () => {
    const regionFees = Object.fromEntries(regions.map((region) => [region._id, '10']))
    const { bodies, errors } = deliveryRates(values({ regionFees }), shop, regions)
    expect(errors).toEqual({})
    expect(bodies).toHaveLength(1)
    expect(bodies[0]!.name).toBe('Delivery to Ashanti, Greater Accra, Northern, Volta')
  })

  it('names a long list of regions by their number', () => {
    const many = Array.from({ length: 12 }, (_, i) => ({ _id: `GH-R${i}`, name: `Region number ${i}` }))
    const regionFees = Object.fromEntries(many.map((region) => [region._id, '10']))
    expect(deliveryRates(values({ regionFees }), shop, many).bodies[0]!.name).toBe('Delivery to 12 regions')
  })

  it('puts each problem at its field', () => {
    const { bodies, errors } = deliveryRates(
      values({ fee: '', estimatedDays: '2.5', regionFees: { 'GH-NP': '12.345', 'GH-TV': 'free' } }),
      shop,
      regions,
    )
    expect(bodies).toEqual([])
    expect(errors).toEqual({
      fee: 'Enter a fee',
      estimatedDays: 'Enter a whole number of days',
      'regionFees.GH-NP': 'Enter an amount like 20 or 12.50',
      'regionFees.GH-TV': 'Enter an amount like 20 or 12.50',
    })
  })

  it('checks limits with the API’s schema', () => {
    const { bodies, errors } = deliveryRates(
      values({ fee: String(MAX_FEE + 1), estimatedDays: '400', regionFees: { 'GH-TV': String(MAX_FEE + 5) } }),
      shop,
      regions,
    )
    expect(bodies).toEqual([])
    expect(errors).toEqual({
      fee: `Must be at most ${MAX_FEE}`,
      'regionFees.GH-TV': `Must be at most ${MAX_FEE}`,
      estimatedDays: 'Must be at most 365',
    })
  })
})

describe('pickupSettings', () => {
  const place = { pickupAddress: ' 14 Oxford Street ', pickupDirections: ' Upstairs ', pickupHours: 'Mon–Sat' }

  it('asks where to pick up unless the shop only delivers', () => {
    for (const mode of ['delivery', 'pick-up-only'] as const) {
      expect(pickupSettings(values({ mode })).errors).toEqual({ pickupAddress: 'Say where customers pick up their orders' })
    }
    expect(pickupSettings(values({ mode: 'delivery-only' }))).toEqual({ body: { offersPickup: false, offersDelivery: true }, errors: {} })
  })

  it('says which ways the shop offers, with the place trimmed', () => {
    expect(pickupSettings(values({ mode: 'pick-up-only', ...place })).body).toEqual({
      offersPickup: true,
      offersDelivery: false,
      pickupAddress: '14 Oxford Street',
      pickupDirections: 'Upstairs',
      pickupHours: 'Mon–Sat',
    })
    expect(pickupSettings(values({ mode: 'delivery', ...place })).body).toMatchObject({ offersPickup: true, offersDelivery: true })
  })
})
