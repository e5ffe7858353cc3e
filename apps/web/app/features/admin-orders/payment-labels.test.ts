import { describe, expect, it } from 'vitest'
import type { Transaction } from '@shop/domain/schemas/payments'
import { paymentStatus, providerLabel } from './payment-labels'

const attempt = (status: Transaction['status']): Transaction => ({
  _id: status,
  order: 'o',
  provider: 'test',
  reference: 'K3X9-1',
  amount: { value: 10, currency: 'GHS' },
  status,
  error: null,
  createdAt: '2024-03-01T10:00:00Z',
  updatedAt: '2024-03-01T10:00:00Z',
})

describe('paymentStatus', () => {
  it('follows the newest attempt', () => {
    expect(paymentStatus([attempt('success'), attempt('failed')])).toBe('Paid')
    expect(paymentStatus([attempt('pending')])).toBe('Waiting for payment')
  })

  it('says so when there is no attempt', () => {
    expect(paymentStatus([])).toBe('No payment recorded')
  })
})

describe('providerLabel', () => {
  it('names the built-in providers and passes others through', () => {
    expect(providerLabel('manual')).toBe('On delivery or at pick-up')
    expect(providerLabel('momo')).toBe('momo')
  })
})
