/**
 * `test`: a simulated instant provider for the demo and tests. Its "pay page" is ours
 * (GET /pay/test/{transactionId}); pressing "Pay now" or "Cancel payment" there records the simulated
 * gateway's outcome on the transaction (`details.gateway`), and `verify` reads it back, so settlement runs
 * the same checks as for a real provider. No network, no money.
 */
import type { Db } from '../../../db/client'
import { findTransactionByReference } from '../transaction.repository'
import type { PaymentProvider } from './provider'

export type TestGatewayState = { status: 'success' | 'failed'; at: string }

export function testGatewayState(details: Record<string, unknown>): TestGatewayState | null {
  const gateway = details.gateway as Partial<TestGatewayState> | undefined
  return gateway && (gateway.status === 'success' || gateway.status === 'failed') ? (gateway as TestGatewayState) : null
}

export function testProvider(db: Db): PaymentProvider {
  return {
    name: 'test',
    instant: true,
    async start({ transaction, returnUrl }) {
      // The pay page is served on the shop's own origin; an anonymous buyer's private-link key rides along
      // so the page can send them back to their order.
      const target = new URL(returnUrl)
      const page = new URL(`/pay/test/${transaction.id}`, target.origin)
      const key = target.searchParams.get('key')
      if (key) page.searchParams.set('key', key)
      return { redirectUrl: page.toString() }
    },
    async verify(reference) {
      const row = await findTransactionByReference(db, 'test', reference)
      const gateway = row ? testGatewayState(row.details) : null
      return {
        status: gateway?.status ?? 'pending',
        amountMinor: row?.amountMinor ?? 0,
        currency: row?.currency ?? '',
        raw: { gateway: gateway ?? null },
      }
    },
  }
}
