import { describe, expect, it } from 'vitest'
import { deliveryInput, deliveryProblems, emptyDelivery } from './delivery-details'

const express = { _id: 'r1', name: 'Express', fee: { value: 25, currency: 'GHS' }, paymentOption: 'instant' as const, estimatedDays: 1 }
const dispatch = { type: 'dispatch' as const, region: 'GH-AA', rate: 'r1', address: ' 3 Buyer Road ', phone: ' +233 20 111 2222 ' }

describe('delivery details', () => {
  it('needs nothing for pick-up, but checks a phone that was given', () => {
    expect(deliveryProblems(emptyDelivery(), null)).toEqual({})
    expect(deliveryProblems({ ...emptyDelivery(), phone: 'call me' }, null)).toEqual({
      phone: 'Enter a phone number with digits only, like +233 24 123 4567.',
    })
  })

  it('needs a region, an offered rate, an address and a phone for dispatch', () => {
    expect(deliveryProblems({ ...emptyDelivery(), type: 'dispatch' }, null)).toEqual({
      phone: 'Enter a phone number for the rider.',
      region: 'Choose your region.',
      address: 'Enter the delivery address.',
    })
    expect(deliveryProblems(dispatch, null).rate).toBe('Choose a delivery rate.')
    expect(deliveryProblems(dispatch, []).rate).toBe('Nobody delivers to this region: choose pick-up or another region.')
    expect(deliveryProblems({ ...dispatch, rate: 'gone' }, [express]).rate).toBe('Choose a delivery rate.')
    expect(deliveryProblems(dispatch, [express])).toEqual({})
  })

  it('sends only what the delivery type uses, trimmed', () => {
    expect(deliveryInput(dispatch)).toEqual({ type: 'dispatch', region: 'GH-AA', rate: 'r1', address: '3 Buyer Road', phone: '+233 20 111 2222' })
    expect(deliveryInput({ ...dispatch, type: 'pick-up' })).toEqual({ type: 'pick-up', phone: '+233 20 111 2222' })
    expect(deliveryInput({ ...emptyDelivery(), phone: '  ' })).toEqual({ type: 'pick-up' })
  })
})
