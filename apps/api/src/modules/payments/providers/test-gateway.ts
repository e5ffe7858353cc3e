/**
 * `test`: a simulated instant provider for the demo and tests. Its "pay page" is ours
 * (GET /pay/test/{transactionId}?access={code}); pressing "Pay now" or "Cancel payment" there records the
 * simulated gateway's outcome on the transaction (`details.gateway`), and `verify` reads it back, so
 * settlement runs the same checks as for a real provider. No network, no money.
 *
 * Like a real gateway's checkout URL, the page opens only with the random access code that `start` puts in
 * its address: the transaction id alone (which the order's buyer and the shop's staff see) is not enough.
 * Playing the gateway, this provider keeps the code's hash on the transaction (`access_code_hash`).
 */
import type { Db } from '../../../db/client'
import { randomToken, sha256 } from '../../../lib/crypto'
import { findTransactionByReference, setAccessCodeHash } from '../transaction.repository'
import type { PaymentProvider } from './provider'

/** The pay page's address parameter that carries the access code. */
export const ACCESS_PARAM = 'access'

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
      const access = randomToken(32)
      await setAccessCodeHash(db, transaction.id, sha256(access))
      page.searchParams.set(ACCESS_PARAM, access)
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
