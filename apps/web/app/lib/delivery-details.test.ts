import { describe, expect, it } from 'vitest'
import { checkContact } from './contact-details'
import { deliveryInput, deliveryProblems, emptyDelivery } from './delivery-details'

const express = { _id: 'r1', name: 'Express', fee: { value: 25, currency: 'GHS' }, paymentOption: 'instant' as const, estimatedDays: 1 }
const dispatch = { type: 'dispatch' as const, region: 'GH-AA', rate: 'r1', address: ' 3 Buyer Road ' }

describe('delivery details', () => {
  it('needs nothing for pick-up', () => {
    expect(deliveryProblems(emptyDelivery(), null)).toEqual({})
  })

  it('needs a region, an offered rate and an address for dispatch', () => {
    expect(deliveryProblems({ ...emptyDelivery(), type: 'dispatch' }, null)).toEqual({
      region: 'Choose your region.',
      address: 'Enter the delivery address.',
    })
    expect(deliveryProblems(dispatch, null).rate).toBe('Choose a delivery rate.')
    expect(deliveryProblems(dispatch, []).rate).toBe('Nobody delivers to this region: choose pick-up or another region.')
    expect(deliveryProblems({ ...dispatch, rate: 'gone' }, [express]).rate).toBe('Choose a delivery rate.')
    expect(deliveryProblems(dispatch, [express])).toEqual({})
  })

  it('sends only what the delivery type uses, trimmed, with the buyer\'s phone for the rider', () => {
    expect(deliveryInput(dispatch, '+233201112222')).toEqual({ type: 'dispatch', region: 'GH-AA', rate: 'r1', address: '3 Buyer Road', phone: '+233201112222' })
    expect(deliveryInput({ ...dispatch, type: 'pick-up' }, '+233201112222')).toEqual({ type: 'pick-up' })
  })
})

describe('contact details', () => {
  it('needs a name and a phone that can be called, sent in international form', async () => {
    expect(await checkContact(' Ama ', '024 412 3456')).toEqual({ problems: {}, name: 'Ama', phone: '+233244123456' })
    const refused = await checkContact('  ', '12345')
    expect(Object.keys(refused.problems).sort()).toEqual(['name', 'phone'])
    expect(refused.problems.phone).toMatch(/^Enter a phone number that can be called/)
    expect((await checkContact('Ama', ' ')).problems.phone).toBe('Enter a phone number the shop can call, like 024 412 3456.')
  })
})
