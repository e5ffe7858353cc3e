import { describe, expect, it } from 'vitest'
import { deliveryWords, payOnDeliveryWords } from './delivery-words'

describe('deliveryWords', () => {
  it('names the region once when the rate is named after it', () => {
    expect(deliveryWords('Delivery to Northern', 'Northern')).toBe('Delivery to Northern')
    expect(deliveryWords('Delivery to Northern, Volta', 'Volta')).toBe('Delivery to Northern, Volta')
    expect(deliveryWords('delivery to northern', 'Northern')).toBe('delivery to northern')
  })

  it('adds the region when the rate does not say it', () => {
    expect(deliveryWords('Express rider', 'Greater Accra')).toBe('Express rider to Greater Accra')
    expect(deliveryWords('Delivery to 6 regions', 'Volta')).toBe('Delivery to 6 regions (Volta)')
  })

  it('matches whole words after "to" only, so a region inside another word still shows', () => {
    expect(deliveryWords('Delivery to Northeastern towns', 'North East')).toBe('Delivery to Northeastern towns (North East)')
    expect(deliveryWords('Delivery to Voltage Street', 'Volta')).toBe('Delivery to Voltage Street (Volta)')
    expect(deliveryWords('Northern regions', 'Northern')).toBe('Northern regions to Northern')
    expect(deliveryWords('Northern regions', 'North East')).toBe('Northern regions to North East')
  })

  it('falls back to "Delivery" and leaves out a missing region', () => {
    expect(deliveryWords(null, 'Volta')).toBe('Delivery to Volta')
    expect(deliveryWords('  ', null)).toBe('Delivery')
    expect(deliveryWords('Rider', '')).toBe('Rider')
  })
})

describe('payOnDeliveryWords', () => {
  it('says how a pay-on-delivery order is paid for its own delivery', () => {
    expect(payOnDeliveryWords('dispatch')).toBe('Pay on delivery')
    expect(payOnDeliveryWords('pick-up')).toBe('Pay at pick-up')
  })
})
