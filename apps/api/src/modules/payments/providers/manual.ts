/**
 * `manual`: paid to the rider on delivery or at the counter on pick-up (cash or mobile money). Nothing to
 * start and nothing a provider can confirm: the order is acked when placed, and staff record the money
 * when it arrives (PATCH /api/transactions/{id} {status: 'success'}).
 */
import type { PaymentProvider } from './provider'

export function manualProvider(): PaymentProvider {
  return {
    name: 'manual',
    instant: false,
    start: async () => null,
    // Only staff can say the money arrived; no outside party ever answers for it.
    verify: async () => ({ status: 'pending', amountMinor: 0, currency: '', raw: { provider: 'manual' } }),
  }
}
